import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConsoleStore } from '../../lib/use-console-store';
import { type ImportOutcome, useStockImport } from './api/stock-import';
import { stockPaths } from './stock-paths';

const EXAMPLE =
  'title,category,brand,condition,price,rrp,weight_grams,length_cm,width_cm,height_cm,postable\nFender Stratocaster,guitars,Fender,4,1250.00,,4000,100,40,12,yes';

/**
 * Many items at once from CSV text, pasted or read from a .csv file. The server checks every row
 * first: with any bad row nothing is imported and every error is listed here as a table.
 */
export function ImportPage() {
  const { store } = useConsoleStore();
  const [csv, setCsv] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const importer = useStockImport(store.Id);
  const resultRef = useRef<HTMLDivElement>(null);
  const ids = { text: useId(), file: useId(), hint: useId() };
  useDocumentTitle(`Import items · ${store.Name}`);

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setCsv(await readText(file));
    setProblem(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (importer.isPending) return;
    if (csv.trim() === '') {
      setProblem('Paste the CSV text or choose a .csv file first.');
      document.getElementById(ids.text)?.focus();
      return;
    }
    setProblem(null);
    try {
      await importer.mutateAsync(csv);
    } catch {
      // Shown from importer.error below.
    }
    requestAnimationFrame(() => resultRef.current?.focus());
  }

  return (
    <section className="stock" aria-labelledby="stock-import-title">
      <p className="stock__back">
        <Link to={stockPaths.list(store.Id)}>Back to the stock</Link>
      </p>
      <h1 id="stock-import-title">Import items from CSV</h1>
      <p id={ids.hint}>
        A header row naming the columns, then one item per row (at most 500). Columns: title, category (its slug, such
        as guitars), brand, condition (0-5), description, price, rrp, promotion_type (percentage or value),
        promotion_amount, weight_grams, length_cm, width_cm, height_cm, postable (yes or no). A title, brand or
        description may not begin with =, +, - or @ (a spreadsheet would run it as a formula).
      </p>
      <details className="stock-import__example">
        <summary>An example</summary>
        <pre>{EXAMPLE}</pre>
      </details>
      <form className="stock-form" noValidate onSubmit={submit} aria-label="Import items">
        <div className="field">
          <label htmlFor={ids.file}>Choose a .csv file</label>
          <input id={ids.file} type="file" accept=".csv,text/csv" onChange={(event) => void chooseFile(event)} />
        </div>
        <div className={`field ${problem ? 'field--invalid' : ''}`}>
          <label htmlFor={ids.text}>Or paste the CSV text</label>
          <textarea
            id={ids.text}
            name="Csv"
            rows={10}
            value={csv}
            spellCheck={false}
            aria-describedby={`${ids.hint}${problem ? ` ${ids.text}-error` : ''}`}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setCsv(event.target.value)}
          />
          {problem ? (
            <p className="field__error" id={`${ids.text}-error`}>
              {problem}
            </p>
          ) : null}
        </div>
        <div className="stock-form__actions">
          <button type="submit" className="button" disabled={importer.isPending}>
            {importer.isPending ? 'Importing...' : 'Import'}
          </button>
        </div>
      </form>
      <div ref={resultRef} tabIndex={-1} className="stock-import__result">
        {importer.isError ? <Notice kind="error">{importer.error.message}</Notice> : null}
        {importer.data ? <ImportResult outcome={importer.data} storeId={store.Id} /> : null}
      </div>
    </section>
  );
}

function ImportResult({ outcome, storeId }: { outcome: ImportOutcome; storeId: number }) {
  if (outcome.imported) {
    const n = outcome.value.Imported;
    return (
      <Notice kind="success">
        Imported {n} {n === 1 ? 'item' : 'items'}. <Link to={stockPaths.list(storeId)}>See the stock</Link>
      </Notice>
    );
  }
  const errors = outcome.value?.Errors ?? [];
  return (
    <>
      <Notice kind="error">{outcome.message}</Notice>
      {errors.length > 0 ? (
        <div className="stock-import__errors">
          <table>
            <caption>
              {errors.length} {errors.length === 1 ? 'error' : 'errors'} to correct
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((error) => (
                <tr key={`${error.Row}-${error.Column}-${error.Message}`}>
                  <td>{error.Row}</td>
                  <td>{error.Column}</td>
                  <td>{error.Message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

/** A chosen file's text (FileReader: older tablet browsers lack Blob.text). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(file);
  });
}
