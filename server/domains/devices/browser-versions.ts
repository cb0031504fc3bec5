import { UAParser } from 'ua-parser-js';
import {
  isVersion,
  type BrowserHints,
  type DeviceBrowser,
  type DeviceOs,
} from '../../../shared/devices.schemas.ts';

/**
 * The OS and browser of a device as its browser reports them. User-Agent Client Hints first
 * (`navigator.userAgentData.getHighEntropyValues(['platformVersion','fullVersionList'])`: the real
 * platform version — the User-Agent string froze macOS at 10.15.7 and Windows at "NT 10.0"), then
 * the User-Agent header, read by `ua-parser-js`; a browser or system outside the supported four and
 * three is left unknown (null), never guessed.
 */
export interface BrowserVersions {
  os: DeviceOs | null;
  osVersion: string | null;
  browser: DeviceBrowser | null;
  browserVersion: string | null;
}

const HINT_PLATFORMS: Record<string, DeviceOs> = { windows: 'WINDOWS', macos: 'MAC', linux: 'LINUX' };
const HINT_BRANDS: Array<[string, DeviceBrowser]> = [
  ['microsoft edge', 'EDGE'],
  ['google chrome', 'CHROME'],
  ['chromium', 'CHROME'],
];

/** A version as the comparison expects it: up to four numeric parts; anything else is unknown. */
function cleanVersion(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const parts = raw.replace(/_/g, '.').split('.').slice(0, 4).join('.');
  return isVersion(parts) ? parts : null;
}

const UA_SYSTEMS: Record<string, DeviceOs> = {
  windows: 'WINDOWS',
  'mac os': 'MAC',
  macos: 'MAC',
  linux: 'LINUX',
};
// The distributions ua-parser-js names instead of "Linux".
const LINUX_DISTRIBUTIONS = new Set([
  'ubuntu',
  'debian',
  'fedora',
  'arch',
  'mint',
  'centos',
  'red hat',
  'suse',
]);
const UA_BROWSERS: Record<string, DeviceBrowser> = {
  chrome: 'CHROME',
  chromium: 'CHROME',
  'chrome headless': 'CHROME',
  edge: 'EDGE',
  firefox: 'FIREFOX',
  safari: 'SAFARI',
};

/** The User-Agent header read by ua-parser-js (maintained patterns for every browser and system). */
function fromUserAgent(userAgent: string): BrowserVersions {
  const parsed = new UAParser(userAgent).getResult();
  const systemName = (parsed.os.name ?? '').toLowerCase();
  const os = UA_SYSTEMS[systemName] ?? (LINUX_DISTRIBUTIONS.has(systemName) ? 'LINUX' : null);
  let osVersion: string | null = null;
  if (os === 'WINDOWS') {
    // "NT 10.0" is both Windows 10 and 11 (the parser answers "10"): only the Client Hints tell them apart.
    osVersion = parsed.os.version === '10' ? '10' : null;
  } else if (os === 'MAC') {
    osVersion = cleanVersion(parsed.os.version);
  }
  // Mobile and other browsers (Opera, Samsung Internet…) are not work-device browsers: unknown.
  const browser = parsed.device.type
    ? null
    : (UA_BROWSERS[(parsed.browser.name ?? '').toLowerCase()] ?? null);
  return { os, osVersion, browser, browserVersion: browser ? cleanVersion(parsed.browser.version) : null };
}

function fromHints(hints: BrowserHints): Partial<BrowserVersions> {
  const found: Partial<BrowserVersions> = {};
  const platform = HINT_PLATFORMS[(hints.platform ?? '').toLowerCase()];
  if (platform) {
    found.os = platform;
    const version = cleanVersion(hints.platformVersion);
    // Windows reports 13 and above for Windows 11, 1 to 10 for Windows 10 (Microsoft's documented mapping).
    if (platform === 'WINDOWS' && version)
      found.osVersion = Number(version.split('.')[0]) >= 13 ? '11' : '10';
    else if (platform !== 'LINUX' && version) found.osVersion = version;
  }
  for (const [brand, browser] of HINT_BRANDS) {
    const entry = hints.fullVersionList?.find((item) => item.brand.toLowerCase() === brand);
    const version = cleanVersion(entry?.version);
    if (entry && version) {
      found.browser = browser;
      found.browserVersion = version;
      break;
    }
  }
  return found;
}

const major = (version: string) => version.split('.')[0];
/** The User-Agent's major browser version is real even in reduced UAs ("Chrome/131.0.0.0"). */
const sameMajor = (hinted: string, parsed: string | null) => !parsed || major(hinted) === major(parsed);

/**
 * The versions of the calling browser: the hints win where they answer, the User-Agent fills the rest
 * (Firefox and Safari send no hints). A hint of another browser than the User-Agent's is ignored, and
 * so is a full version whose major differs from the User-Agent's (an overridden User-Agent): the
 * hints add the detail the reduced User-Agent hides, they do not contradict it.
 */
export function readBrowserVersions(
  userAgent: string | null | undefined,
  hints?: BrowserHints,
): BrowserVersions {
  const parsed = fromUserAgent(userAgent ?? '');
  if (!hints) return parsed;
  const hinted = fromHints(hints);
  const sameBrowser = !parsed.browser || !hinted.browser || hinted.browser === parsed.browser;
  const sameOs = !parsed.os || !hinted.os || hinted.os === parsed.os;
  return {
    os: sameOs ? (hinted.os ?? parsed.os) : parsed.os,
    osVersion: sameOs && hinted.osVersion ? hinted.osVersion : parsed.osVersion,
    browser: sameBrowser ? (hinted.browser ?? parsed.browser) : parsed.browser,
    browserVersion:
      sameBrowser && hinted.browserVersion && sameMajor(hinted.browserVersion, parsed.browserVersion)
        ? hinted.browserVersion
        : parsed.browserVersion,
  };
}
