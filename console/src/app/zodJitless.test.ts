import { describe, expect, it } from 'vitest';

describe('zodJitless', () => {
  it('is the configuration zod reads, so no parser is compiled with eval', async () => {
    await import('./zodJitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    // An object schema parses without the compiled path (which would call `new Function`).
    const original = globalThis.Function;
    let evaluated = 0;
    globalThis.Function = new Proxy(original, {
      apply(target, self, args) {
        evaluated += 1;
        return Reflect.apply(target, self, args);
      },
      construct(target, args) {
        evaluated += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(evaluated).toBe(0);
  });
});
