import type { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every entry of a ZIP, by name, read back with yauzl (which checks sizes and CRCs). */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr);
          readAll(stream as Readable).then((data) => {
            entries.set(entry.fileName, data);
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
