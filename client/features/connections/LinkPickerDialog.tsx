import type { QueryKey } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import type { Connection } from '../../../shared/connections.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { SyncStateTag } from './SyncBadge.tsx';

/** What a provider synced from one connection, as the picker lists it. */
export interface PickerGroup<Item> {
  connection: Pick<Connection, 'id' | 'name' | 'syncState'>;
  items: Item[];
  /** How many more matched than are listed (narrow the search to see them). */
  more: number;
}

export interface LinkPickerDialogProps<Item extends { id: string }> {
  /** `jira`, `git`: prefixes the element ids and test ids (`<kind>-link-submit`, `<kind>-option-…`). */
  kind: string;
  labels: {
    header: string;
    cancel: string;
    search: string;
    submit: (count: number) => string;
    nothingToLink: string;
    more: (count: number) => string;
  };
  search: string;
  onSearch: (search: string) => void;
  groups: PickerGroup<Item>[] | undefined;
  /** Whether to say there is nothing to link (the caller knows what else it shows). */
  nothingToLink: boolean;
  /** The option's text, and the key its test id ends with. */
  renderItem: (item: Item) => ReactNode;
  optionKey: (item: Item) => string;
  link: (ids: string[]) => Promise<unknown>;
  invalidate: readonly QueryKey[];
  success: string;
  onClose: () => void;
  /** Shown after the groups (e.g. what is linked already). */
  children?: ReactNode;
}

/**
 * Links synced items to a project: the items of each connection (Jira projects, Git repositories)
 * with a search, ticked and linked in one call. The Jira and Git cards of a project share it.
 */
export function LinkPickerDialog<Item extends { id: string }>(props: LinkPickerDialogProps<Item>) {
  const { kind, labels } = props;
  const form = useFormValues({ ids: [] as string[] });
  const save = useFormMutation({
    mutationFn: props.link,
    invalidate: props.invalidate,
    success: props.success,
    onSuccess: props.onClose,
  });
  const chosen = form.values.ids;
  const toggle = (id: string, on: boolean) => {
    form.set('ids', on ? [...chosen, id] : chosen.filter((x) => x !== id));
    save.clear();
  };
  return (
    <Dialog
      visible
      header={labels.header}
      onHide={props.onClose}
      className="form-dialog"
      style={{ width: 'min(40rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="pm-footer">
          <Button type="button" label={labels.cancel} text onClick={props.onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={labels.submit(chosen.length)}
            icon="pi pi-link"
            disabled={chosen.length === 0}
            loading={save.submitting}
            data-testid={`${kind}-link-submit`}
          />
        </div>
      }
    >
      <SearchBox
        value={props.search}
        placeholder={labels.search}
        label={labels.search}
        onSearch={props.onSearch}
        testId={`${kind}-link-search`}
      />
      <form
        id={form.formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save.submit(chosen);
        }}
      >
        {(save.message || Object.keys(save.fieldErrors).length > 0) && (
          <p className="pm-error" role="alert">
            {[save.message, ...Object.values(save.fieldErrors)].filter(Boolean).join(' · ')}
          </p>
        )}
        <div className="cx-groups">
          {props.nothingToLink && <p className="cx-hint">{labels.nothingToLink}</p>}
          {props.groups?.map((group) => (
            <div key={group.connection.id}>
              <h4>
                {group.connection.name} <SyncStateTag state={group.connection.syncState} />
              </h4>
              {group.items.map((item) => (
                <label key={item.id} className="cx-option">
                  <Checkbox
                    inputId={`${kind}-${item.id}`}
                    checked={chosen.includes(item.id)}
                    onChange={(e) => toggle(item.id, Boolean(e.checked))}
                    data-testid={`${kind}-option-${props.optionKey(item)}`}
                  />
                  <span>{props.renderItem(item)}</span>
                </label>
              ))}
              {group.more > 0 && <small className="cx-hint">{labels.more(group.more)}</small>}
            </div>
          ))}
          {props.children}
        </div>
      </form>
    </Dialog>
  );
}
