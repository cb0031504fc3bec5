import i18next, { type i18n as I18n } from 'i18next';
import enAccount from './en/account.json' with { type: 'json' };
import enAssets from './en/assets.json' with { type: 'json' };
import enAuth from './en/auth.json' with { type: 'json' };
import enBackups from './en/backups.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enConnections from './en/connections.json' with { type: 'json' };
import enProjectLinks from './en/projectLinks.json' with { type: 'json' };
import enDocuments from './en/documents.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enInvoices from './en/invoices.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import enOvertime from './en/overtime.json' with { type: 'json' };
import enDevices from './en/devices.json' with { type: 'json' };
import enLeave from './en/leave.json' with { type: 'json' };
import enLegal from './en/legal.json' with { type: 'json' };
import enPeople from './en/people.json' with { type: 'json' };
import enPrivacy from './en/privacy.json' with { type: 'json' };
import enPrimereact from './en/primereact.json' with { type: 'json' };
import enProjects from './en/projects.json' with { type: 'json' };
import enProfile from './en/profile.json' with { type: 'json' };
import enRecurringTasks from './en/recurringTasks.json' with { type: 'json' };
import enRecruitment from './en/recruitment.json' with { type: 'json' };
import enRisks from './en/risks.json' with { type: 'json' };
import enSso from './en/sso.json' with { type: 'json' };
import enRoles from './en/roles.json' with { type: 'json' };
import enWorklogs from './en/worklogs.json' with { type: 'json' };
import enSecrets from './en/secrets.json' with { type: 'json' };
import enSecureShare from './en/secureShare.json' with { type: 'json' };
import enPlatformSettings from './en/platformSettings.json' with { type: 'json' };
import viAccount from './vi/account.json' with { type: 'json' };
import viAssets from './vi/assets.json' with { type: 'json' };
import viAuth from './vi/auth.json' with { type: 'json' };
import viBackups from './vi/backups.json' with { type: 'json' };
import viCommon from './vi/common.json' with { type: 'json' };
import viConnections from './vi/connections.json' with { type: 'json' };
import viProjectLinks from './vi/projectLinks.json' with { type: 'json' };
import viDocuments from './vi/documents.json' with { type: 'json' };
import viErrors from './vi/errors.json' with { type: 'json' };
import viInvoices from './vi/invoices.json' with { type: 'json' };
import viMail from './vi/mail.json' with { type: 'json' };
import viNotifications from './vi/notifications.json' with { type: 'json' };
import viOvertime from './vi/overtime.json' with { type: 'json' };
import viDevices from './vi/devices.json' with { type: 'json' };
import viLeave from './vi/leave.json' with { type: 'json' };
import viLegal from './vi/legal.json' with { type: 'json' };
import viPeople from './vi/people.json' with { type: 'json' };
import viPrivacy from './vi/privacy.json' with { type: 'json' };
import viPrimereact from './vi/primereact.json' with { type: 'json' };
import viProjects from './vi/projects.json' with { type: 'json' };
import viProfile from './vi/profile.json' with { type: 'json' };
import viRecurringTasks from './vi/recurringTasks.json' with { type: 'json' };
import viRecruitment from './vi/recruitment.json' with { type: 'json' };
import viRisks from './vi/risks.json' with { type: 'json' };
import viSso from './vi/sso.json' with { type: 'json' };
import viRoles from './vi/roles.json' with { type: 'json' };
import viWorklogs from './vi/worklogs.json' with { type: 'json' };
import viSecrets from './vi/secrets.json' with { type: 'json' };
import viSecureShare from './vi/secureShare.json' with { type: 'json' };
import viPlatformSettings from './vi/platformSettings.json' with { type: 'json' };

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    errors: enErrors,
    account: enAccount,
    roles: enRoles,
    mail: enMail,
    notifications: enNotifications,
    people: enPeople,
    /** PrimeReact's own texts (date picker, paginator, password), handed to its addLocale. */
    primereact: enPrimereact,
    projects: enProjects,
    profile: enProfile,
    legal: enLegal,
    leave: enLeave,
    overtime: enOvertime,
    worklogs: enWorklogs,
    secrets: enSecrets,
    secureShare: enSecureShare,
    recurringTasks: enRecurringTasks,
    connections: enConnections,
    projectLinks: enProjectLinks,
    invoices: enInvoices,
    assets: enAssets,
    risks: enRisks,
    documents: enDocuments,
    privacy: enPrivacy,
    sso: enSso,
    recruitment: enRecruitment,
    backups: enBackups,
    platformSettings: enPlatformSettings,
    devices: enDevices,
  },
  vi: {
    common: viCommon,
    auth: viAuth,
    errors: viErrors,
    account: viAccount,
    roles: viRoles,
    mail: viMail,
    notifications: viNotifications,
    people: viPeople,
    primereact: viPrimereact,
    projects: viProjects,
    profile: viProfile,
    legal: viLegal,
    leave: viLeave,
    overtime: viOvertime,
    worklogs: viWorklogs,
    secrets: viSecrets,
    secureShare: viSecureShare,
    recurringTasks: viRecurringTasks,
    connections: viConnections,
    projectLinks: viProjectLinks,
    invoices: viInvoices,
    assets: viAssets,
    risks: viRisks,
    documents: viDocuments,
    privacy: viPrivacy,
    sso: viSso,
    recruitment: viRecruitment,
    backups: viBackups,
    platformSettings: viPlatformSettings,
    devices: viDevices,
  },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the best supported language from an Accept-Language header value. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase().slice(0, 2), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  return (ranked.find((entry) => isLanguage(entry.tag))?.tag as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/** A ready i18next instance with every namespace loaded synchronously (server and client alike). */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const fixedLanguageInstances = new Map<Language, I18n>();

/**
 * One shared instance per language, for code that only translates (server renders, error bodies,
 * mails, exports). Never call changeLanguage on it: other callers rely on its language.
 */
export function i18nFor(language: Language): I18n {
  let instance = fixedLanguageInstances.get(language);
  if (!instance) fixedLanguageInstances.set(language, (instance = createI18n(language)));
  return instance;
}
