import fc from 'fast-check';

/*
 * Odd values for the property test of every call: what a careless client or an attacker
 * sends. Each kind is aimed at the value it replaces (a number where a number was, a date
 * where a date was), with any other kind mixed in.
 */

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

/** Values a column or a date cannot hold, given the most weight: the rest finds what nobody thought of. */
const unstorableText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  'https://example.com/\u0000',
);
const oddText = fc.oneof(
  { weight: 3, arbitrary: unstorableText },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\uffff\ufffe',
      '\ufeff',
      'e\u0301',
      '👩‍👩‍👧‍👦',
      '\u202eevil',
      '',
      '   \t\n',
      'null',
      'undefined',
      '%_\\',
      "'; drop table users; --",
      'x'.repeat(5_000),
      '€'.repeat(70_000),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

const outOfRangeNumber = fc.constantFrom(
  1e300,
  -1e300,
  1e11,
  123_456_789_012.5,
  2 ** 31,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_VALUE,
  1e-10,
);
const oddNumber = fc.oneof(
  { weight: 3, arbitrary: outOfRangeNumber },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      0,
      -0,
      -1,
      0.5,
      99_999_999_999.99998,
      2 ** 31 - 1,
      2 ** 53,
      Number.MIN_VALUE,
      0.1 + 0.2,
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

const numericText = fc.oneof(
  oddNumber.map(String),
  fc.constantFrom(
    '1e300',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1_000',
    '1,5',
    ' 12 ',
    '.5',
    '99999999999.999999999',
    '99999999999.9999999999',
    '100000000000',
    '0.0000000001',
    '9'.repeat(400),
    '2147483648',
    '9007199254740993',
    '-0',
  ),
);

const oddDate = fc.constantFrom(
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '0001-01-01',
  '0001-01-01T00:00:00Z',
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01',
  '+010000-01-01T00:00:00Z',
  '99999-12-31',
  '+275760-09-13T00:00:00.000Z',
  '2024-02-30',
  '2024-13-01',
  '2024-01-01T24:00',
  '2024-01-01T10:00:00+25:00',
  '8640000000000001',
  'T',
);

const oddLink = fc.constantFrom(
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com',
  'tg://resolve?domain=manager',
  '//example.com',
  'http://',
  'https://exa\u0000mple.com',
  'https://example.com/\u0000',
  'https://example.com/\ud800',
  `https://${'a'.repeat(3_000)}.com`,
  'http://[::1',
);

const oddStructure = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { '': '' }, 'true', 'false', '1', '0'),
  fc.jsonValue({ maxDepth: 3 }),
);

const anyJunk: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  oddNumber,
  numericText,
  oddDate,
  oddLink,
  oddStructure,
);

type Kind = 'number' | 'date' | 'link' | 'boolean' | 'text' | 'structure';
function kindOf(value: unknown): Kind {
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)))
    return 'number';
  if (typeof value === 'boolean' || value === 'true' || value === 'false') return 'boolean';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return 'date';
  if (typeof value === 'string' && /^https?:/.test(value)) return 'link';
  return typeof value === 'string' ? 'text' : 'structure';
}
const byKind: Record<Kind, fc.Arbitrary<unknown>> = {
  number: fc.oneof(oddNumber, numericText),
  boolean: oddStructure,
  date: oddDate,
  link: fc.oneof(oddLink, oddText),
  text: oddText,
  structure: oddStructure,
};

/** Something odd in place of `value`: mostly of its own kind. */
export const junkFor = (value: unknown): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: byKind[kindOf(value)] }, { weight: 1, arbitrary: anyJunk });

/** A path parameter as it appears in the URL (already percent-encoded where needed). */
export const oddParam = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '9007199254740993',
    '99999999999999999999',
    'abc',
    '%00',
    '1%00',
    '%ff',
    '%ED%A0%80',
    '%',
    '%20%201',
    '0x1',
    'NaN',
    '%2e%2e',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
);

/* ---------- changing a sample at one or a few places ---------- */

type Path = Array<string | number>;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** Removes the value at a path instead of replacing it. */
const DROP = Symbol('drop');

function pathsOf(value: unknown, at: Path = []): Path[] {
  const below = Array.isArray(value)
    ? value.flatMap((v, i) => pathsOf(v, [...at, i]))
    : isRecord(value)
      ? Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))
      : [];
  return at.length ? [at, ...below] : below;
}

const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (v, key) => (Array.isArray(v) || isRecord(v) ? (v as Record<string | number, unknown>)[key] : undefined),
    value,
  );

function withEdit(value: unknown, path: Path, to: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return to;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && to === DROP) copy.splice(Number(key), 1);
    else copy[Number(key)] = withEdit(copy[Number(key)], rest, to);
    return copy;
  }
  const copy: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  if (rest.length === 0 && to === DROP) delete copy[key];
  // defineProperty, so a key like "__proto__" is an own key as a client would send it.
  else
    Object.defineProperty(copy, key, {
      value: withEdit(copy[key], rest, to),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

const EXTRA_KEYS = ['extra', '__proto__', 'constructor', '', 'ключ', 'a'.repeat(300)];

/**
 * `base` with one place changed (mostly), a few places changed, or as is: a changed place
 * gets an odd value of its kind, is removed, or is a key the call does not know.
 */
export function changed(base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const paths = pathsOf(base);
  const replace = paths.length
    ? fc
        .constantFrom(...paths)
        .chain((path) =>
          fc
            .oneof(
              { weight: 6, arbitrary: junkFor(valueAt(base, path)) },
              { weight: 1, arbitrary: fc.constant<unknown>(DROP) },
            )
            .map((to) => ({ path, to })),
        )
    : null;
  const extra = fc.record({ path: fc.constantFrom(...EXTRA_KEYS).map((k): Path => [k]), to: anyJunk });
  const edit = replace ? fc.oneof({ weight: 5, arbitrary: replace }, { weight: 1, arbitrary: extra }) : extra;
  return fc
    .oneof(
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 6, arbitrary: fc.array(edit, { minLength: 1, maxLength: 1 }) },
      { weight: 2, arbitrary: fc.array(edit, { minLength: 2, maxLength: 4 }) },
    )
    .map(
      (edits) => edits.reduce<unknown>((v, e) => withEdit(v, e.path, e.to), base) as Record<string, unknown>,
    );
}

/** A whole body that is not what any call takes. */
export const oddBody: fc.Arbitrary<unknown> = fc.oneof(oddStructure, oddText, oddNumber);

/**
 * The values each kind is known to break on when nothing bounds it: the property test tries
 * every one at every place of a sample before its random runs, so a gap for a known kind of
 * value is found whatever the seed.
 */
const KNOWN_BREAKERS: Record<Kind, readonly unknown[]> = {
  number: [1e11, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e300, -1, 1e-10],
  boolean: ['maybe'],
  date: ['0000-01-01', '10000-01-01', '+275760-09-13T00:00:00.000Z'],
  link: ['javascript:alert(1)', 'https://example.com/\u0000'],
  text: ['a\u0000b', 'x\ud800'],
  structure: [],
};

/** `value` changed at one place to one of the known breakers of that place's kind, every way. */
export function knownBreakers(value: Record<string, unknown>): Array<Record<string, unknown>> {
  return pathsOf(value).flatMap((path) => {
    const at = valueAt(value, path);
    const kind = kindOf(at);
    return KNOWN_BREAKERS[kind].map(
      (to) =>
        withEdit(value, path, kind === 'number' && typeof at === 'string' ? String(to) : to) as Record<
          string,
          unknown
        >,
    );
  });
}

/** The same for a path parameter (an id in the URL). */
export const PARAM_BREAKERS = ['0', '2147483648', '9007199254740993', '%00', '1%00'];
