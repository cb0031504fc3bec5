import jpeg from 'jpeg-js';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { QR_LABEL_PIXELS } from '../../../shared/assets.schemas.ts';
import type { DetectedType } from '../../core/files/file-type.ts';

/**
 * Making and reading QR codes (not use cases). A label is a PNG of 113 × 113 pixels: 4 cm at
 * 72 dpi. Reading turns an uploaded PNG or JPG into RGBA (pngjs, jpeg-js) and hands it to jsQR.
 */

/** The PNG of a QR code holding `text`, 4 cm square at 72 dpi. */
export async function qrPng(text: string, size = QR_LABEL_PIXELS): Promise<Buffer> {
  // qrcode draws whole pixels per module, so its image may fall a pixel or two short of the
  // size: centre it on a white square of exactly the size.
  const drawn = PNG.sync.read(
    await QRCode.toBuffer(text, { type: 'png', width: size, margin: 2, errorCorrectionLevel: 'M' }),
  );
  const label = new PNG({ width: size, height: size });
  label.data.fill(255);
  const left = Math.floor((size - drawn.width) / 2);
  const top = Math.floor((size - drawn.height) / 2);
  PNG.bitblt(
    drawn,
    label,
    0,
    0,
    Math.min(drawn.width, size),
    Math.min(drawn.height, size),
    Math.max(0, left),
    Math.max(0, top),
  );
  return PNG.sync.write(label);
}

interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

function rgbaOf(data: Buffer, type: DetectedType): Rgba {
  if (type === 'image/png') {
    const png = PNG.sync.read(data);
    return {
      data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
      width: png.width,
      height: png.height,
    };
  }
  const image = jpeg.decode(data, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 256 });
  return {
    data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
    width: image.width,
    height: image.height,
  };
}

/**
 * A smaller copy (each pixel the average of a block): a phone photo of 12 megapixels is scanned
 * far faster at about 1000 pixels across, and a label filling part of the frame still reads.
 */
function shrink(image: Rgba, longest: number): Rgba {
  const factor = Math.ceil(Math.max(image.width, image.height) / longest);
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * image.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, i += 4) {
          r += image.data[i]!;
          g += image.data[i + 1]!;
          b += image.data[i + 2]!;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = r / area;
      out[o + 1] = g / area;
      out[o + 2] = b / area;
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** The text of the QR code in an image, or null when none can be read (or the image is broken). */
export function readQr(data: Buffer, type: DetectedType): string | null {
  let image: Rgba;
  try {
    image = rgbaOf(data, type);
  } catch {
    return null;
  }
  const attempts = [shrink(image, 1000), image].filter(
    (candidate, i, all) => i === 0 || candidate !== all[0],
  );
  for (const candidate of attempts) {
    const code = jsQR(candidate.data, candidate.width, candidate.height, {
      inversionAttempts: 'attemptBoth',
    });
    if (code?.data) return code.data;
  }
  return null;
}

// jsqr is CommonJS with a `default` export: at run time the default import is the function itself.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options?: { inversionAttempts?: 'dontInvert' | 'onlyInvert' | 'attemptBoth' | 'invertFirst' },
) => { data: string } | null;

const ASSET_PATH = /\/asset-management\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The asset id a scanned text names (our labels hold `<app>/asset-management/<id>`), or null. */
export function assetIdOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return ASSET_PATH.exec(url.pathname)?.[1]?.toLowerCase() ?? null;
}
