// The part of autocannon's programmatic API the load bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    /** One URL, or several: the connections are spread over them in turn. */
    url: string | string[];
    connections?: number;
    duration?: number;
    /** Requests per second over all connections; unset = as fast as answers come. */
    overallRate?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
