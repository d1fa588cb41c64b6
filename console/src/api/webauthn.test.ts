import { describe, expect, it } from 'vitest';
import { hostIsIpAddress } from './webauthn';

describe('hostIsIpAddress', () => {
  it('tells an IP address, where browsers refuse passkeys, from a host name', () => {
    expect(hostIsIpAddress('127.0.0.1')).toBe(true);
    expect(hostIsIpAddress('192.168.10.4')).toBe(true);
    expect(hostIsIpAddress('[::1]')).toBe(true);
    expect(hostIsIpAddress('localhost')).toBe(false);
    expect(hostIsIpAddress('console.localhost')).toBe(false);
    expect(hostIsIpAddress('coin-console.example.jp')).toBe(false);
  });
});
