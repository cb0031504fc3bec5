import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptForLink } from '../../../shared/crypto/secure-share-crypto.ts';
import { SECURE_SHARE_LIMITS, type SecureShareLimits } from '../../../shared/secrets.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { secureShareApi, useSecureShareLimits } from './secure-share.queries.ts';
import { errorMessage } from '../../api/errors.ts';
import { Message } from 'primereact/message';

const { textMaxLength } = SECURE_SHARE_LIMITS;

/** Paste text, choose views and hours, get a link: encrypted here, the key only in the link's fragment. */
export function SecureShareForm({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation(['secureShare', 'errors']);
  const limits = useSecureShareLimits();
  if (limits.error) return <Message severity="error" text={errorMessage(limits.error, t)} />;
  if (!limits.data) return null;
  return <LinkForm limits={limits.data} onClose={onClose} />;
}

function LinkForm({ limits, onClose }: { limits: SecureShareLimits; onClose?: () => void }) {
  const { t } = useTranslation(['secureShare', 'errors']);
  // The bounds in force: set by administrators in UTILITIES of /platform-settings.
  const accessLimit = { min: 1, max: limits.maxViews, default: limits.defaultViews };
  const expirationHours = { min: 1, max: limits.maxHours, default: limits.defaultHours };
  const form = useFormValues({
    secureText: '',
    accessLimit: accessLimit.default,
    expirationHours: expirationHours.default,
  });
  const [created, setCreated] = useState<{ link: string; views: number; expiresAt: string } | null>(null);
  const create = useFormMutation({
    mutationFn: async (values: typeof form.values) => {
      const encrypted = await encryptForLink(values.secureText);
      const share = await secureShareApi.create({
        content: encrypted.content,
        verifierHash: encrypted.verifierHash,
        accessLimit: values.accessLimit,
        expirationHours: values.expirationHours,
      });
      return {
        link: `${window.location.origin}/secure-share?id=${share.id}#${encrypted.linkKey}`,
        views: share.accessLimit,
        expiresAt: share.expiresAt,
      };
    },
    onSuccess: (result) => setCreated(result),
  });
  if (created)
    return (
      <div className="vault-form">
        <label htmlFor="secure-share-link">{t('create.link')}</label>
        <InputTextarea
          id="secure-share-link"
          readOnly
          rows={3}
          value={created.link}
          data-testid="secure-share-link"
          className="vault-link"
        />
        <small>{t('create.expires', { views: created.views, date: formatDate(created.expiresAt) })}</small>
        <div className="vault-actions">
          <Button
            type="button"
            label={t('create.copy')}
            onClick={() => void navigator.clipboard?.writeText(created.link)}
          />
          <Button
            type="button"
            outlined
            label={t('create.another')}
            onClick={() => (setCreated(null), form.reset({ ...form.values, secureText: '' }))}
          />
          {onClose && <Button type="button" text label={t('create.close')} onClick={onClose} />}
        </div>
      </div>
    );
  return (
    <form
      id={form.formId}
      className="vault-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = form.values.secureText;
        if (!text.trim()) return create.setProblems({ secureText: t('errors:validation.required') });
        if (text.length > textMaxLength)
          return create.setProblems({ secureText: t('errors:validation.maxLength', { max: textMaxLength }) });
        void create.submit(form.values);
      }}
    >
      <p>{t('create.intro')}</p>
      <div className="vault-field">
        <label htmlFor="secure-share-text">{t('create.text')}</label>
        <InputTextarea
          id="secure-share-text"
          name="secureText"
          rows={5}
          maxLength={textMaxLength}
          value={form.values.secureText}
          invalid={Boolean(create.fieldErrors.secureText)}
          onChange={(e) => (form.set('secureText', e.target.value), create.clear('secureText'))}
        />
        {create.fieldErrors.secureText && (
          <small className="vault-error" role="alert">
            {create.fieldErrors.secureText}
          </small>
        )}
      </div>
      <div className="vault-row">
        <div className="vault-field">
          <label htmlFor="secure-share-views">{t('create.accessLimit', accessLimit)}</label>
          <InputNumber
            inputId="secure-share-views"
            name="accessLimit"
            min={accessLimit.min}
            max={accessLimit.max}
            showButtons
            value={form.values.accessLimit}
            onValueChange={(e) => form.set('accessLimit', e.value ?? accessLimit.default)}
          />
          {create.fieldErrors.accessLimit && (
            <small className="vault-error">{create.fieldErrors.accessLimit}</small>
          )}
        </div>
        <div className="vault-field">
          <label htmlFor="secure-share-hours">{t('create.expirationHours', expirationHours)}</label>
          <InputNumber
            inputId="secure-share-hours"
            name="expirationHours"
            min={expirationHours.min}
            max={expirationHours.max}
            showButtons
            value={form.values.expirationHours}
            onValueChange={(e) => form.set('expirationHours', e.value ?? expirationHours.default)}
          />
          {create.fieldErrors.expirationHours && (
            <small className="vault-error">{create.fieldErrors.expirationHours}</small>
          )}
        </div>
      </div>
      {create.message && (
        <small className="vault-error" role="alert">
          {create.message}
        </small>
      )}
      <div className="vault-actions">
        {onClose && <Button type="button" text label={t('create.close')} onClick={onClose} />}
        <Button type="submit" label={t('create.submit')} loading={create.submitting} />
      </div>
    </form>
  );
}
