// Small files whose first bytes are what they say (the server judges uploads by their bytes).

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const mp3Frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
export const MP3 = Buffer.concat([mp3Frame, mp3Frame, mp3Frame]);
export const OPUS = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.alloc(24),
  Buffer.from('OpusHead'),
  Buffer.alloc(64),
]);
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A PNG of `bytes` bytes: its signature, then zeros. */
export const bigPng = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);

export interface Part {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A multipart POST as the editor sends it: fromMe, body, and each file under `medias`. */
export async function postMedia(url: string, token: string, files: Part[]) {
  const form = new FormData();
  form.append('fromMe', 'true');
  for (const f of files)
    form.append('medias', new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
  form.append('body', files.map((f) => f.name).join(','));
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}
