import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmAction } from './ConfirmAction.tsx';

export interface UnsavedChanges {
  /** Lets the next navigation through without asking (after a save, before going to the saved page). */
  release: () => void;
  /** The question, rendered where the form is. */
  prompt: React.ReactNode;
}

/**
 * Asks before a form with unsaved changes is left: links, buttons and the browser's back go
 * through the router's blocker (a dialog naming what happens); closing or reloading the tab
 * through the browser's own `beforeunload` question.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) released.current = false;
  }, [dirty]);

  // Read through refs: a save that marks the form clean and navigates in the same handler must pass.
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (!dirtyRef.current || released.current) return false;
    return (
      currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search
    );
  }, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const prompt = (
    <ConfirmAction
      visible={blocker.state === 'blocked'}
      title={t('unsavedChanges.title')}
      message={t('unsavedChanges.body')}
      action={t('unsavedChanges.leave')}
      severity="warning"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { release, prompt };
}
