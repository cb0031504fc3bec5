import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { useSession } from '../../api/session.ts';
import { useOutbox, type OutboxMail } from '../devtools/devtools.queries.ts';

/** The mail outbox on /devtools (development only): what Backoffice would have sent, links included. */
export function MailOutbox() {
  const { t } = useTranslation(['account', 'errors']);
  const session = useSession();
  const [to, setTo] = useState('');
  const mails = useOutbox(to, Boolean(session));

  if (!session) return <Message severity="info" text={t('outbox.signInNeeded')} />;
  return (
    <section className="devtools-outbox" data-testid="mail-outbox">
      <div className="devtools-outbox__bar">
        <h2>{t('outbox.title')}</h2>
        <InputText
          placeholder={t('outbox.filter')}
          aria-label={t('outbox.filter')}
          value={to}
          onChange={(event) => setTo(event.target.value.trim())}
        />
        <Button icon="pi pi-refresh" label={t('outbox.refresh')} text onClick={() => void mails.refetch()} />
      </div>
      {mails.error ? (
        <Message severity="error" text={errorMessage(mails.error, t)} />
      ) : (
        <DataTable
          value={mails.data?.items ?? []}
          loading={mails.isLoading}
          dataKey="id"
          size="small"
          emptyMessage={t('outbox.empty')}
          rowExpansionTemplate={(mail: OutboxMail) => (
            <pre className="devtools-outbox__text">{mail.text}</pre>
          )}
          expandedRows={Object.fromEntries((mails.data?.items ?? []).map((m) => [m.id, true]))}
        >
          <Column field="createdAt" header={t('outbox.createdAt')} />
          <Column field="to" header={t('outbox.to')} />
          <Column field="subject" header={t('outbox.subject')} />
          <Column field="template" header={t('outbox.template')} />
          <Column field="status" header={t('outbox.status')} />
        </DataTable>
      )}
    </section>
  );
}
