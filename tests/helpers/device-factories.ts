import type { SignedInUser } from './build-app.ts';

/** User-Agent strings of the supported browsers, as they send them. */
export const UA = {
  chrome120Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
  chrome131Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Safari/537.36',
  edge131Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  firefox128Linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safari17Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
} as const;

/** A calendar date `days` from today (UTC), YYYY-MM-DD. */
export const dayOffset = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const checklist = { antivirus: 'Defender', firewall: true, diskEncryption: true, autoLockMinutes: 5 };

/** Declares a device from the given browser; answers its id. */
export async function declareDevice(
  person: SignedInUser,
  userAgent: string,
  name = 'Laptop',
): Promise<string> {
  const response = await person.inject({
    method: 'POST',
    url: '/api/me/work-devices',
    headers: { 'user-agent': userAgent },
    payload: { name, ...checklist },
  });
  if (response.statusCode !== 201) throw new Error(`declare failed: ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** Saves the update rules as an administrator. */
export function saveRules(
  admin: SignedInUser,
  rules: {
    gracePeriodDays?: number;
    requireDeclaration?: boolean;
    discordCheck?: boolean;
    requirements: Array<{ kind: 'OS' | 'BROWSER'; name: string; latestVersion: string; releaseDate: string }>;
  },
) {
  return admin.inject({
    method: 'PUT',
    url: '/api/platform-settings/work-device-updates',
    payload: { gracePeriodDays: 7, requireDeclaration: false, discordCheck: false, ...rules },
  });
}
