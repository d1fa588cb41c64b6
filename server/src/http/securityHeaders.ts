import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Browser features the console never uses: refused to every frame and script. Only features Chromium
 * knows are named (it logs a warning for each one it does not, `bluetooth` among them, on every load).
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'interest-cohort=()',
].join(', ');

/** The origin of the configured notice feed, when it is on another host (the console fetches it). */
function noticeOrigin(config: Config): string | null {
  return /^https?:\/\//.test(config.noticeUrl) ? new URL(config.noticeUrl).origin : null;
}

/**
 * Security headers on every answer (helmet): a Content-Security-Policy without inline or foreign
 * script that no page may frame, nosniff, no referrer (mailed links carry tokens in their query), a
 * Permissions-Policy, and HSTS when the public URL is https. Styles may be inline: Mantine writes its
 * CSS variables and component sizes as style attributes.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = config.publicUrl.startsWith('https:');
  const notices = noticeOrigin(config);
  // helmet's middleware, built once: its headers are the same on every answer. (@fastify/helmet built it
  // anew on every request, its directives parsed each time, in two hooks of its own: ~0.05 ms a request.)
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Upload previews are blob: URLs; the favicon is a data: URL.
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(notices ? [notices] : [])],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Same-origin by default; the API's images are read by the console on the same origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error === undefined) done();
      else done(error instanceof Error ? error : new Error(String(error)));
    });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // API answers carry account and money data: never stored by a browser or proxy, unless the call
    // set its own caching (images by content hash).
    // Decided by the route that answers, not by the raw URL (`/%61pi/…` reaches the API's routes too).
    const api = request.routeOptions.config.call !== undefined || request.url.startsWith('/api/');
    if (api && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
}
