// Share links: the puzzle text, the engines and the options in the URL's fragment (never sent
// to a server), compressed with deflate and written in base64url.
export interface SharedRace {
  /** The puzzle file's text and name (the name picks the format where the text does not tell). */
  readonly text: string;
  readonly name: string;
  readonly engines: readonly string[];
  readonly timeLimitMs: number;
  readonly runs: number;
}

const PREFIX = 's=';

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes.slice()]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The fragment (without `#`) that holds `race`. */
export async function encodeShare(race: SharedRace): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(race));
  return PREFIX + toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
}

/** The race a fragment holds; undefined when it holds none; throws one line when it is damaged. */
export async function decodeShare(fragment: string): Promise<SharedRace | undefined> {
  const hash = fragment.replace(/^#/, '');
  if (!hash.startsWith(PREFIX)) return undefined;
  let value: unknown;
  try {
    const bytes = await pipe(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream('deflate-raw'));
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error('the share link is damaged (cut short or edited): it does not decompress');
  }
  const v = value as Partial<SharedRace>;
  const ok =
    typeof v.text === 'string' &&
    typeof v.name === 'string' &&
    Array.isArray(v.engines) &&
    v.engines.every((e) => typeof e === 'string') &&
    typeof v.timeLimitMs === 'number' &&
    v.timeLimitMs > 0 &&
    Number.isInteger(v.runs) &&
    (v.runs as number) >= 0;
  if (!ok) throw new Error('the share link holds something other than a gridrace race');
  return v as SharedRace;
}
