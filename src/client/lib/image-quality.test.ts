import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentSignals, isReducedQuality, photoSources, smallerSize, type PhotoSizes } from './image-quality';

const photo: PhotoSizes = {
  url: '/uploads/ab/x.webp',
  width: 1600,
  mediumUrl: '/uploads/ab/x-medium.webp',
  mediumWidth: 800,
  thumbUrl: '/uploads/ab/x-thumb.webp',
  thumbWidth: 480,
};

describe('isReducedQuality', () => {
  it('is off on a fast connection with memory to spare, and where the browser tells nothing', () => {
    expect(isReducedQuality({})).toBe(false);
    expect(isReducedQuality({ connection: { effectiveType: '4g', saveData: false }, memory: { usedJSHeapSize: 40, jsHeapSizeLimit: 100 }, deviceMemory: 8 })).toBe(false);
  });

  it('is on with data saver, on 3g and slower', () => {
    expect(isReducedQuality({ connection: { effectiveType: '4g', saveData: true } })).toBe(true);
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(isReducedQuality({ connection: { effectiveType } }), effectiveType).toBe(true);
  });

  it('is on when the heap is more than 80 % full or the device has 1 GiB of memory or less', () => {
    expect(isReducedQuality({ memory: { usedJSHeapSize: 80, jsHeapSizeLimit: 100 } })).toBe(false);
    expect(isReducedQuality({ memory: { usedJSHeapSize: 81, jsHeapSizeLimit: 100 } })).toBe(true);
    expect(isReducedQuality({ memory: { usedJSHeapSize: 81, jsHeapSizeLimit: 0 } })).toBe(false);
    expect(isReducedQuality({ deviceMemory: 1 })).toBe(true);
    expect(isReducedQuality({ deviceMemory: 0.5 })).toBe(true);
    expect(isReducedQuality({ deviceMemory: 2 })).toBe(false);
  });
});

describe('currentSignals', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the browser's connection, heap and device memory", () => {
    vi.stubGlobal('navigator', { connection: { effectiveType: '3g', saveData: false }, deviceMemory: 4 });
    vi.stubGlobal('performance', { memory: { usedJSHeapSize: 9, jsHeapSizeLimit: 10 } });
    const signals = currentSignals();
    expect(signals).toEqual({ connection: { effectiveType: '3g', saveData: false }, memory: { usedJSHeapSize: 9, jsHeapSizeLimit: 10 }, deviceMemory: 4 });
    expect(isReducedQuality(signals)).toBe(true);
  });
});

describe('photoSources', () => {
  it('offers the sizes up to the cap with their widths, smallest first, the largest as src', () => {
    expect(photoSources(photo, 'large')).toEqual({
      src: photo.url,
      srcSet: '/uploads/ab/x-thumb.webp 480w, /uploads/ab/x-medium.webp 800w, /uploads/ab/x.webp 1600w',
    });
    expect(photoSources(photo, 'medium')).toEqual({ src: photo.mediumUrl, srcSet: '/uploads/ab/x-thumb.webp 480w, /uploads/ab/x-medium.webp 800w' });
    expect(photoSources(photo, 'thumb')).toEqual({ src: photo.thumbUrl });
  });

  it('lists the large file once when the medium size is not made yet (the server answers the large URL for it)', () => {
    const old = { ...photo, mediumUrl: photo.url, mediumWidth: 1600 };
    expect(photoSources(old, 'large')).toEqual({ src: photo.url, srcSet: '/uploads/ab/x-thumb.webp 480w, /uploads/ab/x.webp 1600w' });
    expect(photoSources(old, 'medium').srcSet).toBe('/uploads/ab/x-thumb.webp 480w, /uploads/ab/x.webp 1600w');
  });

  it('gives no srcset for a photo whose widths are unknown', () => {
    expect(photoSources({ ...photo, width: 0, mediumWidth: 0, thumbWidth: 0 }, 'large')).toEqual({ src: photo.url });
  });

  it('a reduced quality caps one size lower', () => {
    expect(smallerSize('large')).toBe('medium');
    expect(smallerSize('medium')).toBe('thumb');
    expect(smallerSize('thumb')).toBe('thumb');
  });
});
