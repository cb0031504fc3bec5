import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Paginator } from 'primereact/paginator';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { REPORT_PERIODS, type ExportFormat, type ReportPeriod } from '../../shared/reporting.schemas.ts';
import { fromPickerDate, PICKER_FORMAT, toPickerDate } from '../features/projects/project-dates.ts';

/**
 * The controls every report screen shares (leave, overtime, work logs): the period switch, the
 * range, the export buttons and the pager under the ReportTable. Labels are leave's, which the
 * other reports reuse.
 */

export function ReportPeriodSwitch({
  value,
  onChange,
  testId,
}: {
  value: ReportPeriod;
  onChange: (period: ReportPeriod) => void;
  testId: string;
}) {
  const { t } = useTranslation('leave');
  return (
    <SelectButton
      value={value}
      options={REPORT_PERIODS.map((period) => ({ value: period, label: t(`ui.period.${period}`) }))}
      onChange={(event) => event.value && onChange(event.value as ReportPeriod)}
      allowEmpty={false}
      data-testid={testId}
    />
  );
}

/** "From" and "To" pickers, for a `.lv-filters` row; an emptied picker keeps the last date. */
export function ReportRangeFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('leave');
  return (
    <>
      <label>
        {t('ui.from')}
        <Calendar
          value={toPickerDate(from)}
          dateFormat={PICKER_FORMAT}
          onChange={(event) => onChange({ from: fromPickerDate(event.value as Date | null) ?? from, to })}
        />
      </label>
      <label>
        {t('ui.to')}
        <Calendar
          value={toPickerDate(to)}
          dateFormat={PICKER_FORMAT}
          onChange={(event) => onChange({ from, to: fromPickerDate(event.value as Date | null) ?? to })}
        />
      </label>
    </>
  );
}

/** XLSX and CSV downloads of the report as filtered. */
export function ExportButtons({
  onExport,
  testId,
}: {
  onExport: (format: ExportFormat) => void;
  /** The XLSX button's test id. */
  testId: string;
}) {
  return (
    <div className="lv-row-actions">
      <Button
        label="XLSX"
        icon="pi pi-download"
        outlined
        size="small"
        data-testid={testId}
        onClick={() => onExport('xlsx')}
      />
      <Button label="CSV" icon="pi pi-download" outlined size="small" onClick={() => onExport('csv')} />
    </div>
  );
}

/** The pager under a report, when its groups run past one page. */
export function ReportPager({
  data,
  onPage,
}: {
  data: { currentPage: number; perPage: number; totalRows: number } | undefined;
  onPage: (page: number) => void;
}) {
  if (!data || data.totalRows <= data.perPage) return null;
  return (
    <Paginator
      first={(data.currentPage - 1) * data.perPage}
      rows={data.perPage}
      totalRecords={data.totalRows}
      onPageChange={(event) => onPage(event.page + 1)}
    />
  );
}
