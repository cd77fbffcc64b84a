import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

// Photo staging for the listing form (docs/product/limits.md#photos). Each chosen file is uploaded on its own to
// POST /api/listing-images as soon as it is picked, so the final create/update only sends URLs.
// XMLHttpRequest rather than fetch: fetch cannot report upload progress.

export const INVALID_TYPE_TITLE = 'Ugyldig filtype';
export const INVALID_TYPE_MESSAGE = 'Kun bildefiler er tillatt.';

export type PhotoStatus = 'preparing' | 'uploading' | 'processing' | 'done' | 'error';

export interface PhotoItem {
  /** Stable client key (list key, reorder, focus). */
  key: string;
  /** The staged or existing image URL the listing will reference; null until the upload is done. */
  url: string | null;
  /** What the tile shows: the server thumbnail, or a local object URL while uploading. */
  preview: string;
  status: PhotoStatus;
  /** Upload progress 0–100 (only meaningful while uploading). */
  progress: number;
  error?: { title: string; message: string };
  /** Kept so a failed upload can be retried. */
  file?: File;
  name?: string;
}

export interface ExistingPhoto {
  url: string;
  thumbUrl?: string;
}

interface StagedImage {
  id: number;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

class UploadError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

let seq = 0;
const nextKey = () => `p${Date.now().toString(36)}${(seq++).toString(36)}`;

export const isImageFile = (f: File) => f.type.startsWith('image/');

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(blob);
  });
}

// Phone cameras produce 4000 px, 5–12 MB photos; the server keeps at most 1600 px (ListingImageShape.url).
// Shrinking big JPEG/PNG/WebP files to 2560 px before sending saves most of the upload on a mobile line and
// loses nothing the server would keep. Anything the browser cannot decode (HEIC, odd formats) goes as is and
// the server decides.
const MAX_EDGE = 2560;
const SHRINK_ABOVE_BYTES = 1.5 * 1024 * 1024;

async function prepareImage(file: File): Promise<string> {
  if (/^image\/(jpeg|png|webp)$/.test(file.type) && file.size > SHRINK_ABOVE_BYTES && typeof createImageBitmap === 'function') {
    try {
      const bmp = await createImageBitmap(file); // honours EXIF orientation by default
      const scale = Math.min(1, MAX_EDGE / Math.max(bmp.width, bmp.height));
      const w = Math.round(bmp.width * scale);
      const h = Math.round(bmp.height * scale);
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (ctx) {
        ctx.fillStyle = '#fff'; // transparent PNG areas would turn black in JPEG
        ctx.fillRect(0, 0, w, h);
        ctx.drawImage(bmp, 0, 0, w, h);
        bmp.close();
        const blob = await new Promise<Blob | null>((res) => canvas.toBlob(res, 'image/jpeg', 0.9));
        if (blob && blob.size < file.size) return readAsDataUrl(blob);
      }
    } catch {
      // fall through: send the original
    }
  }
  return readAsDataUrl(file);
}

/**
 * What a photo's tile says when the server refuses it: the server's own Norwegian text, under its title (`details.title`)
 * when it gives one; a 429 (too many staged photos, no room, too many uploads; docs/product/limits.md#photos) reads
 * like any other refusal.
 */
export function uploadErrorOf(status: number, body: { message?: string; details?: unknown }): { title: string; message: string } {
  const detailsTitle =
    body.details && typeof body.details === 'object' && 'title' in body.details ? String((body.details as { title: unknown }).title) : undefined;
  if (status === 413) return { title: 'For stort bilde', message: body.message || 'Bildet er for stort. Velg et mindre bilde.' };
  if (status === 401) return { title: 'Ikke pålogget', message: body.message || 'Du må være logget inn for å laste opp bilder.' };
  return { title: detailsTitle ?? 'Opplasting feilet', message: body.message || 'Kunne ikke laste opp bildet. Prøv igjen.' };
}

function uploadImage(dataUrl: string, onProgress: (pct: number) => void, xhrRef: (x: XMLHttpRequest) => void): Promise<StagedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhrRef(xhr);
    xhr.open('POST', '/api/listing-images');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { message?: string; details?: unknown } & Partial<StagedImage> = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.url) {
        resolve(body as StagedImage);
        return;
      }
      const { title, message } = uploadErrorOf(xhr.status, body);
      reject(new UploadError(title, message));
    };
    xhr.onerror = () => reject(new UploadError('Opplasting feilet', 'Kunne ikke laste opp bildet. Sjekk nettforbindelsen og prøv igjen.'));
    xhr.onabort = () => reject(new UploadError('Avbrutt', 'Opplastingen ble avbrutt.'));
    xhr.send(JSON.stringify({ image: dataUrl }));
  });
}

// A few at a time: each upload holds a data URL of several MB in memory, and HTTP/1.1 allows six
// connections per host, which the rest of the page needs too.
const MAX_PARALLEL = 3;

/**
 * The photo list of a listing form: existing images (edit) plus new uploads, in display order.
 * The first item is the cover photo.
 */
export function usePhotoUploads(initial: ExistingPhoto[] = []) {
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((p) => ({ key: nextKey(), url: p.url, preview: p.thumbUrl || p.url, status: 'done' as const, progress: 100 })),
  );
  const xhrs = useRef(new Map<string, XMLHttpRequest>());
  const queue = useRef<string[]>([]);
  const running = useRef(0);
  const files = useRef(new Map<string, File>());
  const objectUrls = useRef(new Map<string, string>());

  const patch = useCallback((key: string, p: Partial<PhotoItem>) => {
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...p } : it)));
  }, []);

  const pump = useCallback(function run() {
    while (running.current < MAX_PARALLEL && queue.current.length) {
      const key = queue.current.shift()!;
      const file = files.current.get(key);
      if (!file) continue;
      running.current++;
      patch(key, { status: 'preparing', progress: 0, error: undefined });
      prepareImage(file)
        .then((dataUrl) => {
          if (!files.current.has(key)) throw new UploadError('Avbrutt', 'Fjernet.');
          patch(key, { status: 'uploading' });
          return uploadImage(
            dataUrl,
            (pct) => patch(key, pct >= 100 ? { progress: 100, status: 'processing' } : { progress: pct }),
            (x) => xhrs.current.set(key, x),
          );
        })
        .then((img) => {
          patch(key, { status: 'done', progress: 100, url: img.url, preview: img.thumbUrl || img.url });
          // The server thumbnail replaces the local preview; the object URL can go.
          const ou = objectUrls.current.get(key);
          if (ou) {
            // Keep showing the local preview until the thumbnail has loaded, to avoid a flash.
            const probe = new Image();
            probe.onload = probe.onerror = () => URL.revokeObjectURL(ou);
            probe.src = img.thumbUrl || img.url;
            objectUrls.current.delete(key);
          }
        })
        .catch((err: unknown) => {
          if (!files.current.has(key)) return; // removed meanwhile
          const e = err instanceof UploadError ? err : new UploadError('Opplasting feilet', 'Kunne ikke laste opp bildet. Prøv igjen.');
          patch(key, { status: 'error', error: { title: e.title, message: e.message } });
        })
        .finally(() => {
          xhrs.current.delete(key);
          running.current--;
          run();
        });
    }
  }, [patch]);

  /** Adds the image files among `list`; returns how many were refused as non-images. */
  const addFiles = useCallback(
    (list: FileList | File[]) => {
      const all = Array.from(list);
      const images = all.filter(isImageFile);
      const added: PhotoItem[] = images.map((file) => {
        const key = nextKey();
        const preview = URL.createObjectURL(file);
        objectUrls.current.set(key, preview);
        files.current.set(key, file);
        queue.current.push(key);
        return { key, url: null, preview, status: 'preparing', progress: 0, file, name: file.name };
      });
      if (added.length) {
        setItems((cur) => [...cur, ...added]);
        pump();
      }
      return all.length - images.length;
    },
    [pump],
  );

  const retry = useCallback(
    (key: string) => {
      if (!files.current.has(key)) return;
      patch(key, { status: 'preparing', progress: 0, error: undefined });
      queue.current.push(key);
      pump();
    },
    [patch, pump],
  );

  const remove = useCallback((key: string) => {
    files.current.delete(key);
    queue.current = queue.current.filter((k) => k !== key);
    xhrs.current.get(key)?.abort();
    const ou = objectUrls.current.get(key);
    if (ou) URL.revokeObjectURL(ou);
    objectUrls.current.delete(key);
    setItems((cur) => cur.filter((it) => it.key !== key));
  }, []);

  /** Moves the item to index `to` (clamped). */
  const moveTo = useCallback((key: string, to: number) => {
    setItems((cur) => {
      const from = cur.findIndex((it) => it.key === key);
      if (from < 0) return cur;
      const target = Math.max(0, Math.min(cur.length - 1, to));
      if (target === from) return cur;
      const next = [...cur];
      const [it] = next.splice(from, 1);
      next.splice(target, 0, it);
      return next;
    });
  }, []);

  /** Replaces the whole list with existing photos (edit form once its listing has loaded). */
  const reset = useCallback((photos: ExistingPhoto[]) => {
    setItems(photos.map((p) => ({ key: nextKey(), url: p.url, preview: p.thumbUrl || p.url, status: 'done' as const, progress: 100 })));
  }, []);

  // Leaving the page: stop uploads and free the local previews.
  useEffect(() => {
    const x = xhrs.current;
    const o = objectUrls.current;
    return () => {
      x.forEach((r) => r.abort());
      o.forEach((u) => URL.revokeObjectURL(u));
    };
  }, []);

  const pending = items.filter((it) => it.status !== 'done' && it.status !== 'error').length;
  const failed = items.filter((it) => it.status === 'error').length;
  const urls = useMemo(() => items.filter((it) => it.status === 'done' && it.url).map((it) => it.url!), [items]);

  return { items, urls, pending, failed, addFiles, retry, remove, moveTo, reset };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
