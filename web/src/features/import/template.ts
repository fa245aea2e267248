import { IMPORT_COLUMNS, IMPORT_EXAMPLE } from '@dairy/contract';
import { download } from '../../lib/download';

/** exceljs loads only when an XLSX template is made: most visits never need it. */
const loadExcel = async () => {
  const module = await import('exceljs');
  return (module as unknown as { default?: typeof module }).default ?? module;
};

const example = IMPORT_COLUMNS.map((column) => IMPORT_EXAMPLE[column]);

/** The template: the column titles and one example row, as CSV or XLSX. */
export async function downloadTemplate(kind: 'csv' | 'xlsx') {
  if (kind === 'csv') {
    const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
    const text = [IMPORT_COLUMNS, example].map((line) => line.map(quote).join(',')).join('\r\n');
    download('customers-template.csv', new Blob([`${text}\r\n`], { type: 'text/csv' }));
    return;
  }
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  sheet.addRow([...IMPORT_COLUMNS]);
  sheet.addRow(example);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column, i) => {
    column.width = Math.max(14, IMPORT_COLUMNS[i]!.length + 2, example[i]!.length + 2);
  });
  const bytes = await workbook.xlsx.writeBuffer();
  download(
    'customers-template.xlsx',
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
}
