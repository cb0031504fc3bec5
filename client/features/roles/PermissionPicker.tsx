import { Checkbox } from 'primereact/checkbox';
import { useTranslation } from 'react-i18next';
import type { PermissionItem } from './roles.api.ts';

/** Permissions grouped by area, each area with a "select all"; labels come from the `roles` namespace. */
export function PermissionPicker({
  permissions,
  value,
  onChange,
  disabled = false,
}: {
  permissions: PermissionItem[];
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('roles');
  const selected = new Set(value);
  const areas = [...new Set(permissions.map((p) => p.area))];

  const toggle = (keys: string[], on: boolean) => {
    const next = new Set(selected);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    onChange(permissions.map((p) => p.key).filter((key) => next.has(key)));
  };

  if (permissions.length === 0) return <p>{t('dialog.noPermissions')}</p>;
  return (
    <div className="permission-picker">
      <div className="permission-picker__all">
        <Checkbox
          inputId="permissions-all"
          checked={permissions.every((p) => selected.has(p.key))}
          disabled={disabled}
          onChange={(event) =>
            toggle(
              permissions.map((p) => p.key),
              Boolean(event.checked),
            )
          }
        />
        <label htmlFor="permissions-all">
          {t('dialog.selectAll')} · {t('dialog.selected', { count: value.length, total: permissions.length })}
        </label>
      </div>
      {areas.map((area) => {
        const keys = permissions.filter((p) => p.area === area).map((p) => p.key);
        const areaId = `area-${area}`;
        return (
          <fieldset key={area} className="permission-picker__area" data-testid={areaId}>
            <legend>
              <Checkbox
                inputId={areaId}
                checked={keys.every((key) => selected.has(key))}
                disabled={disabled}
                onChange={(event) => toggle(keys, Boolean(event.checked))}
              />
              <label htmlFor={areaId}>{t(`areas.${area}`, { defaultValue: area })}</label>
            </legend>
            {keys.map((key) => {
              const id = `permission-${key}`;
              return (
                <div key={key} className="permission-picker__item">
                  <Checkbox
                    inputId={id}
                    checked={selected.has(key)}
                    disabled={disabled}
                    onChange={(event) => toggle([key], Boolean(event.checked))}
                  />
                  <label htmlFor={id} title={key}>
                    {t(`permissions.${key}`, { defaultValue: key })}
                  </label>
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
