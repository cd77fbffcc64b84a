import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listingImages } from '../../db/schema';
import { createTestApp, createTestDb, type TestApp } from './testing/harness';
import { sweepDiskStorage } from './integrations/image-storage';
import { photoFileKeys, photoKeyOfFile } from './services/images';
import { sweepUploads } from './startup';
import { createTestStore, describeOnEachStore } from './testing/stores';
import { insertUser, stagedPhoto } from './testing/photos-fixtures';

// After a SIGKILL, half-written `*.tmp` files and photos whose row was never committed stay in the upload
// folder; the app removes them when it starts.

const TWO_MINUTES_AGO = new Date(Date.now() - 2 * 60_000);

function put(dir: string, key: string, old = true) {
  const file = path.join(dir, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
  if (old) fs.utimesSync(file, TWO_MINUTES_AGO, TWO_MINUTES_AGO);
  return file;
}

describe('upload folder sweep at start-up', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('removes *.tmp files and unreferenced photos, even young ones, and keeps referenced and foreign files', async () => {
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-sweep-'));
    const db = createTestDb();
    const staged = 'ab/stagedPhotoKey.webp';
    db.insert(listingImages)
      .values({ listingId: null, uploaderId: null, position: 0, storageKey: staged, url: `/uploads/${staged}`, thumbUrl: '' })
      .run();
    // Every size of a referenced photo (large, medium, thumbnail) stays.
    const kept = [...photoFileKeys(staged).map((key) => put(uploadDir, key)), put(uploadDir, 'README.txt')];
    expect(kept).toHaveLength(4);
    // The sweep asks the database for each file's photo: every size of a photo leads back to its key.
    expect(photoFileKeys(staged).map(photoKeyOfFile)).toEqual([staged, staged, staged]);
    const removed = [
      put(uploadDir, 'cd/youngOrphan.webp', false),
      put(uploadDir, 'ab/stagedPhotoKey.webp.1a2b3c4d.tmp'),
      put(uploadDir, 'ef/orphanKey.webp'),
      put(uploadDir, 'ef/orphanKey-thumb.webp'),
      put(uploadDir, 'ef/orphanKey-medium.webp'),
    ];

    t = await createTestApp({ uploadDir }, { db });

    for (const file of kept) expect(fs.existsSync(file), file).toBe(true);
    for (const file of removed) expect(fs.existsSync(file), file).toBe(false);
  });

  it('run later, leaves files younger than a minute (a request may be writing them)', async () => {
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-sweep-'));
    const young = [put(uploadDir, 'cd/young.webp', false), put(uploadDir, 'cd/young.webp.00ff00ff.tmp', false)];
    const old = put(uploadDir, 'cd/old.webp');
    expect(await sweepDiskStorage(uploadDir, () => false)).toEqual({ tmp: 0, orphans: 1 });
    for (const file of young) expect(fs.existsSync(file), file).toBe(true);
    expect(fs.existsSync(old)).toBe(false);
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });
});

describeOnEachStore('the sweep asks the store', (dialect) => {
  it('keeps every size of a photo a row refers to and removes the files of none', async () => {
    const store = await createTestStore(dialect);
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-sweep-'));
    try {
      const photo = stagedPhoto(await insertUser(store));
      await store.photos.stage(photo, { accountPhotos: 10, accountBytes: 1e9, totalBytes: 1e9, since: new Date(0) });
      const kept = photoFileKeys(photo.storageKey).map((key) => put(uploadDir, key));
      const removed = photoFileKeys('ef/orphanKey.webp').map((key) => put(uploadDir, key));
      expect(await sweepUploads(store, uploadDir)).toEqual({ tmp: 0, orphans: 3 });
      for (const file of kept) expect(fs.existsSync(file), file).toBe(true);
      for (const file of removed) expect(fs.existsSync(file), file).toBe(false);
    } finally {
      await store.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    }
  });
});
