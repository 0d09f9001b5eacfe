/**
 * Hand-built zstd frames: a "bomb" of RLE blocks (4 bytes each, 128 KiB of output each) that inflates to
 * any size from a few KB, with no content size in its header — so only the row's declared
 * event_utf8_bytes (which the attack sets small) says how big it should be.
 */
const BLOCK = 128 * 1024;

function blockHeader(last, type, size) {
  const v = (size << 3) | (type << 1) | (last ? 1 : 0);
  return [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff];
}

/** A frame whose content is `{"type":"message","message":{"content":"aaaa…"}}` of about `bytes` bytes. */
export function zstdBomb(bytes) {
  const head = Buffer.from('{"type":"message","id":"bomb","message":{"role":"user","content":"');
  const tail = Buffer.from('"}}');
  const out = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), Buffer.from([0x00, 0x38])]; // magic; no FCS, not single segment; window 128 KiB
  out.push(Buffer.from(blockHeader(false, 0, head.length)), head); // raw block
  let left = Math.max(BLOCK, bytes - head.length - tail.length);
  const rle = [];
  while (left > 0) {
    const n = Math.min(BLOCK, left);
    rle.push(...blockHeader(false, 1, n), 0x61);
    left -= n;
  }
  out.push(Buffer.from(rle));
  out.push(Buffer.from(blockHeader(true, 0, tail.length)), tail);
  return Buffer.concat(out);
}
