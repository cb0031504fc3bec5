import type { BrowserHints } from '../../../shared/devices.schemas.ts';

/** The device this browser declared, remembered so a recheck names it. */
const DEVICE_KEY = 'backoffice.workDeviceId';

interface UserAgentData {
  platform?: string;
  getHighEntropyValues(hints: string[]): Promise<{
    platform?: string;
    platformVersion?: string;
    fullVersionList?: Array<{ brand: string; version: string }>;
  }>;
}

/**
 * What the browser can say about itself: User-Agent Client Hints (Chrome and Edge) with the real
 * platform version and full browser version. Firefox and Safari have none: the server then reads the
 * User-Agent of the call. Never typed by the person.
 */
/** Hints are printable ASCII (the API's rule); anything else is dropped rather than refused. */
const printable = (text: string | undefined, max: number) =>
  text !== undefined && /^[ -~]*$/.test(text) ? text.slice(0, max) : undefined;

export async function readBrowserHints(): Promise<BrowserHints | undefined> {
  const data = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  if (!data?.getHighEntropyValues) return undefined;
  try {
    const values = await data.getHighEntropyValues(['platformVersion', 'fullVersionList']);
    return {
      platform: printable(values.platform ?? data.platform, 40),
      platformVersion: printable(values.platformVersion, 40),
      fullVersionList: values.fullVersionList
        ?.map((item) => ({ brand: printable(item.brand, 80), version: printable(item.version, 40) }))
        .filter((item): item is { brand: string; version: string } => Boolean(item.brand && item.version))
        .slice(0, 10),
    };
  } catch {
    return undefined;
  }
}

export function rememberThisDevice(id: string | null): void {
  try {
    if (id) localStorage.setItem(DEVICE_KEY, id);
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Storage refused (private mode): the recheck then finds the device by browser and OS.
  }
}

export function thisDeviceId(): string | undefined {
  try {
    return localStorage.getItem(DEVICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
