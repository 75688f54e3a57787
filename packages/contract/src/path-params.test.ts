import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { calls, type CallSpec } from './index.ts';

const entries = Object.entries(calls as Record<string, CallSpec>);

describe('path parameters', () => {
  it.each(entries)('%s declares a schema for exactly the `:name`s of its path', (_name, call) => {
    const inPath = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]!).sort();
    const declared = call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];
    expect(declared).toEqual(inPath);
  });

  it.each(entries.filter(([, call]) => call.params))(
    '%s bounds the length of every path parameter',
    (_name, call) => {
      const schema = z.toJSONSchema(call.params!, { io: 'input' }) as {
        properties: Record<string, { type?: string; maxLength?: number }>;
      };
      for (const [param, property] of Object.entries(schema.properties)) {
        expect(property.type, param).toBe('string');
        expect(property.maxLength, param).toBeGreaterThan(0);
        // One character past the bound is refused, whatever the characters.
        expect(call.params!.safeParse({ [param]: '1'.repeat(property.maxLength! + 1) }).success, param).toBe(
          false,
        );
      }
    },
  );
});
