// The first sheet of an uploaded .xls/.xlsx, read in a worker thread by read-sheet.ts. Plain JavaScript
// so that Node runs it as is under tsx, vitest or node alike (the worker starts without their loaders).
import { parentPort, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';

const { bytes, sheetRows, maxUnpackedMb } = workerData;
const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * What an .xlsx (a zip) really unpacks to, measured entry by entry with Node's own inflate and never
 * past `budget` bytes (the declared sizes can lie: SheetJS trusts a local header's, and reads on past a
 * zero). Over the budget is null, so a zip bomb is refused before SheetJS unpacks anything.
 * Throws on a zip that is not one.
 */
function unpackedBytes(zip, budget) {
  const end = zip.lastIndexOf(ZIP_END);
  if (end < 0) throw new RangeError('no end of central directory');
  let total = 0;
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new RangeError('not a central directory entry');
    const local = zip.readUInt32LE(at + 42);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new RangeError('not a local file header');
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (zip.readUInt16LE(local + 8) === 8) {
      try {
        total += inflateRawSync(zip.subarray(data), { maxOutputLength: budget - total + 1 }).length;
      } catch (err) {
        if (err.code === 'ERR_BUFFER_TOO_LARGE') return null;
        throw err;
      }
    } else total += zip.readUInt32LE(at + 20);
    if (total > budget) return null;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

function read() {
  if (buffer[0] === 0x50) {
    let unpacked;
    try {
      unpacked = unpackedBytes(buffer, maxUnpackedMb * 1024 * 1024);
    } catch {
      return { why: 'the spreadsheet could not be read' };
    }
    if (unpacked === null) return { why: `the spreadsheet unpacks to more than ${maxUnpackedMb} MB` };
  }
  let book;
  try {
    book = XLSX.read(buffer, {
      type: 'buffer',
      sheetRows,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    });
  } catch {
    return { why: 'the spreadsheet could not be read' };
  }
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet) return { why: 'the spreadsheet has no sheet' };
  const rows = XLSX.utils
    .sheet_to_json(sheet, { defval: '', raw: true })
    // SheetJS notes each row's 0-based place in the sheet (blank lines included) in a property that
    // does not survive the copy to the main thread: kept as the line the spreadsheet shows.
    .map((r) => ({ line: (r.__rowNum__ ?? 0) + 1, cells: { ...r } }));
  return { rows };
}

parentPort.postMessage(read());
