import type Database from 'better-sqlite3';

/**
 * Each piece's file id as one array, written once at build time, so a search places its ~160
 * candidate pieces in their files without a statement (reading each candidate's row cost ~2.6 us
 * a piece), and reads full rows only for the pieces it returns.
 */
export const PIECE_FILES_TABLE = 'CREATE TABLE piece_files (files BLOB NOT NULL);';

/** Writes `piece_files`: the file id of piece `i` at index `i` (little-endian int32; 0 for no piece). */
export function writePieceFiles(db: Database.Database): void {
  db.exec(PIECE_FILES_TABLE);
  const pairs = JSON.parse(
    db.prepare('SELECT json_group_array(json_array(id, file_id)) FROM pieces').pluck().get() as string,
  ) as [number, number][];
  const files = new Int32Array(pairs.reduce((most, [id]) => Math.max(most, id), 0) + 1);
  for (const [id, fileId] of pairs) files[id] = fileId;
  db.prepare('INSERT INTO piece_files (files) VALUES (?)').run(
    Buffer.from(files.buffer, files.byteOffset, files.byteLength),
  );
}

/** The bundle's `piece_files`: piece id to file id (0 for no piece). */
export function readPieceFiles(db: Database.Database): Int32Array {
  return int32s(db.prepare('SELECT files FROM piece_files').pluck().get() as Buffer);
}

/** A little-endian int32 blob as an array (copied: a blob's bytes need not be 4-aligned). */
export function int32s(bytes: Buffer): Int32Array {
  const values = new Int32Array(bytes.byteLength / 4);
  new Uint8Array(values.buffer).set(bytes);
  return values;
}
