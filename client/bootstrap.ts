import type { DehydratedState } from '@tanstack/react-query';
import type { SessionUser } from '../shared/auth.schemas.ts';
import type { Language } from '../shared/i18n/index.ts';

/** What the server hands the page: read once at hydration from a JSON script tag (no inline code). */
export interface Bootstrap {
  language: Language;
  environment: 'development' | 'production' | 'test';
  /** Set when the request carried a live refresh session. */
  signedIn: boolean;
  dehydratedState: DehydratedState;
}

export interface Session {
  user: SessionUser;
  permissions: string[];
  projectPermissions: Record<string, string[]>;
}

export const BOOTSTRAP_ELEMENT_ID = 'bo-bootstrap';
