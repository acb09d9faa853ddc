/**
 * The MP4 container of an M4A file, made ready for a streaming decoder: the AAC decoder reads the
 * sample tables in `moov` before it can decode a frame, and many encoders (ffmpeg by default) write
 * `moov` after the audio. Handed such a file, the decoder would decode every frame at once when the
 * end arrives; with `moov` moved in front (as qt-faststart does) it decodes chunk by chunk.
 */

interface Box {
  type: string;
  start: number;
  /** Offset of the payload (after the 8- or 16-byte header). */
  body: number;
  end: number;
}

/** The boxes between `from` and `to`; null when a size is impossible. */
function boxesIn(bytes: Uint8Array, from: number, to: number): Box[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Box[] = [];
  for (let at = from; at + 8 <= to;) {
    let size = view.getUint32(at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to) return null;
      size = Number(view.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = to - at; // to the end
    }
    if (size < body - at || at + size > to) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    boxes.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return boxes;
}

/** Boxes that only hold other boxes, on the way from `moov` to the sample tables. */
const CONTAINERS = new Set(['trak', 'mdia', 'minf', 'stbl']);

function* walk(bytes: Uint8Array, box: Box): Generator<Box> {
  for (const child of boxesIn(bytes, box.body, box.end) ?? []) {
    yield child;
    if (CONTAINERS.has(child.type)) yield* walk(bytes, child);
  }
}

/** The codec of each track's first sample entry (`mp4a` for AAC, `alac`, `avc1`...). */
function sampleEntries(bytes: Uint8Array, moov: Box): string[] {
  const codecs: string[] = [];
  for (const box of walk(bytes, moov)) {
    // stsd: version and flags, entry count, then entries (size, type, ...).
    if (box.type === 'stsd' && box.body + 16 <= box.end) {
      codecs.push(String.fromCharCode(...bytes.subarray(box.body + 12, box.body + 16)));
    }
  }
  return codecs;
}

/**
 * The file with `moov` before the first `mdat` and every chunk offset moved to match; the same bytes
 * when it is there already. Throws when the container is not a readable MP4 with an AAC track (the
 * decoder also reads Apple Lossless, which browsers do not all play).
 */
export function m4aMoovFirst(bytes: Uint8Array): Uint8Array {
  const top = boxesIn(bytes, 0, bytes.length);
  const moov = top?.find((b) => b.type === 'moov');
  const mdat = top?.find((b) => b.type === 'mdat');
  if (!top || !moov || !mdat) throw new Error('not an MP4 file with its sample tables');
  if (!sampleEntries(bytes, moov).includes('mp4a')) throw new Error('no AAC track');
  if (moov.start < mdat.start) return bytes;

  // A copy (a Buffer's slice would share memory): the caller's bytes stay as they are.
  const moved = new Uint8Array(bytes.subarray(moov.start, moov.end));
  const shift = moved.length;
  const view = new DataView(moved.buffer);
  // Data between the first mdat and moov now lies `shift` bytes further on.
  const shifted = (offset: number) => (offset >= mdat.start && offset < moov.start ? offset + shift : offset);
  for (const box of walk(moved, { type: 'moov', start: 0, body: moov.body - moov.start, end: moved.length })) {
    if (box.type !== 'stco' && box.type !== 'co64') continue;
    const wide = box.type === 'co64';
    const count = view.getUint32(box.body + 4);
    const entries = box.body + 8;
    if (entries + count * (wide ? 8 : 4) > box.end) throw new Error('chunk offset table cut off');
    for (let i = 0; i < count; i++) {
      if (wide) {
        view.setBigUint64(entries + i * 8, BigInt(shifted(Number(view.getBigUint64(entries + i * 8)))));
      } else {
        const offset = shifted(view.getUint32(entries + i * 4));
        if (offset > 0xffffffff) throw new Error('chunk offset past 4 GB');
        view.setUint32(entries + i * 4, offset);
      }
    }
  }
  const out = new Uint8Array(bytes.length);
  out.set(bytes.subarray(0, mdat.start));
  out.set(moved, mdat.start);
  out.set(bytes.subarray(mdat.start, moov.start), mdat.start + shift);
  out.set(bytes.subarray(moov.end), moov.end);
  return out;
}
