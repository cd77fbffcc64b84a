import sharp from 'sharp';

// Real images made by sharp for tests of the photo pipeline (no binary fixtures in the repository).

/** A JPEG whose left half is red and right half blue, so a test can tell how it was rotated. */
export async function twoToneJpeg(width = 1200, height = 800, exif?: { orientation?: number; gps?: boolean }): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) raw[i] = 220;
      else raw[i + 2] = 220;
    }
  }
  let img = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 });
  if (exif?.orientation) img = img.withMetadata({ orientation: exif.orientation });
  if (exif?.gps) {
    img = img.withExif({
      IFD0: { Make: 'Bilpartner TestCam', Copyright: 'Kari Nordmann' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '10/1 45/1 0/1', GPSMapDatum: 'TESTGPS-WGS84' },
    });
  }
  return img.toBuffer();
}

/**
 * A photo-like JPEG (grain over a gradient) of the given size: busy enough to compress like a phone photo, unlike a
 * flat colour. The grain is made at quarter size and scaled up, which keeps it fast.
 */
export async function photoLikeJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${(seed * 47) % 360},60%,55%)"/><stop offset="1" stop-color="hsl(${(seed * 47 + 120) % 360},50%,25%)"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const w = Math.ceil(width / 4);
  const h = Math.ceil(height / 4);
  const grain = await sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .resize(width, height, { kernel: 'nearest' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(gradient).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
}

export const pngImage = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 60, alpha: 1 } } }).png().toBuffer();

export const toDataUrl = (buf: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${buf.toString('base64')}`;

/** A smooth gradient JPEG: cheap to make at any size (for size and orientation checks, not for timing). */
export function gradientJpeg(width: number, height: number, hue = 0): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},60%,55%)"/><stop offset="1" stop-color="hsl(${hue + 120},50%,25%)"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(svg).jpeg({ quality: 85 }).toBuffer();
}
