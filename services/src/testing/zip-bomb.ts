import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

// Hand-made .xlsx files for the spreadsheet import's tests: a zip written entry by entry, so that a
// test can make its sheet unpack to hundreds of megabytes, or declare sizes that lie.

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

interface Entry {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
}

const entry = (name: string, text: string): Entry => {
  const bytes = Buffer.from(text);
  return { name, deflated: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
};

/** A zip of the entries; `declare` replaces the unpacked size its headers state (a lying bomb). */
function zip(entries: Entry[], declare?: (e: Entry) => number): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = declare ? declare(e) : e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, e.deflated);
    directory.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

/** The parts of a workbook around its one sheet. */
const workbook = (sheet: Entry) => [
  entry(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ),
  entry(
    '_rels/.rels',
    `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ),
  entry(
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ),
  entry(
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ),
  sheet,
];

const cell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;

/** A plain .xlsx of these rows (the first is the heading), written by hand. */
export function xlsxOf(rows: string[][]): Buffer {
  const body = rows.map((r) => `<row>${r.map(cell).join('')}</row>`).join('');
  return zip(workbook(entry('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${body}${SHEET_TAIL}`)));
}

/**
 * An .xlsx whose sheet unpacks to about `unpackedMb` MB of cells in one row (a few MB at most packed:
 * deflate shrinks the repetition about 300 times). `lie`: its headers declare that size instead.
 */
export async function zipBombXlsx(unpackedMb: number, lie?: number): Promise<Buffer> {
  const first = Buffer.from(`${SHEET_HEAD}<row>${cell('nome')}${cell('numero')}`);
  const cells = Buffer.from(cell('xxxxxxxx').repeat(20_000));
  const last = Buffer.from(`</row>${SHEET_TAIL}`);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = crc32(first);
  let size = first.length;
  deflate.write(first);
  for (let n = Math.ceil((unpackedMb * 1024 * 1024) / cells.length); n > 0; n--) {
    crc = crc32(cells, crc);
    size += cells.length;
    if (!deflate.write(cells)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  crc = crc32(last, crc);
  size += last.length;
  deflate.end(last);
  await ended;
  const sheet = { name: 'xl/worksheets/sheet1.xml', deflated: Buffer.concat(out), crc, size };
  return zip(workbook(sheet), lie === undefined ? undefined : (e) => (e === sheet ? lie : e.size));
}
