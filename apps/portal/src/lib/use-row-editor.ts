import { useState } from 'react';
import { getErrorMessage } from './error-message';
import {
  addRow,
  changeRow,
  isDirty,
  keepFailedRows,
  planSave,
  removeRow,
  toRows,
  validateRows,
  type EditableRow,
} from './editable-rows';

/** What one save of a row editor did: the server's texts and the failures, in order. */
export type RowSaveResult = {
  /** The text each successful call answered. */
  messages: string[];
  /** The error of each failed call. */
  failures: unknown[];
};

/** Options of {@link useRowEditor}. */
export type RowEditorOptions = {
  /** The values as loaded (undefined while loading). */
  values: readonly { id: number; text: string }[] | undefined;
  /** Judges one text before anything is sent; null when fine. Omit to check nothing. */
  checkText?: (text: string) => string | null;
  /** URL paths: a row may take another row's text (the server merges them). */
  allowDuplicates?: boolean;
  /** spec §5 associated sites: leave blank rows out instead of refusing them. */
  skipBlank?: boolean;
  /** Sends one new row; resolves to the server's text. */
  sendCreate?: (text: string) => Promise<string>;
  /** Sends one changed saved row; resolves to the server's text. */
  sendUpdate: (id: number, text: string) => Promise<string>;
  /** Reloads the values after a save; resolves to them. */
  reload: () => Promise<readonly { id: number; text: string }[] | undefined>;
};

/**
 * The draft of an editable list (spec §4 Data field panels): rows derive from the loaded values
 * until the admin edits; Save sends only what spec §4/§5 allow, one call per row; afterwards the
 * rows are the reloaded values, plus any row whose call failed so its text is not lost.
 */
export function useRowEditor(options: RowEditorOptions) {
  const [draft, setDraft] = useState<EditableRow[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);
  const rows = draft ?? toRows(options.values ?? []);

  const edit = (next: EditableRow[]) => {
    setDraft(next);
    setErrors({});
  };

  /** Sends the changes; null when validation refused them (nothing was sent). */
  const save = async (): Promise<RowSaveResult | null> => {
    const fieldErrors = options.checkText
      ? validateRows(
          options.skipBlank ? rows.filter((row) => row.text.trim()) : rows,
          options.checkText,
          { allowDuplicates: options.allowDuplicates ?? false },
        )
      : {};
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return null;
    const plan = planSave(rows, { skipBlank: options.skipBlank ?? false });
    const result: RowSaveResult = { messages: [], failures: [] };
    const failedKeys = new Map<string, unknown>();
    const send = async (key: string, call: () => Promise<string>) => {
      try {
        result.messages.push(await call());
      } catch (error) {
        result.failures.push(error);
        failedKeys.set(key, error);
      }
    };
    setIsSaving(true);
    try {
      for (const row of plan.creates)
        if (options.sendCreate) await send(row.key, () => options.sendCreate!(row.text));
      for (const row of plan.updates)
        await send(row.key, () => options.sendUpdate(row.id, row.text));
      const reloaded = await options.reload().catch((error: unknown) => {
        result.failures.push(error);
        return null;
      });
      // Without fresh values the draft stays as typed, and the failed reload is reported.
      if (reloaded === null) setDraft(rows);
      else
        setDraft(
          failedKeys.size > 0 ? keepFailedRows(toRows(reloaded ?? []), rows, failedKeys) : null,
        );
      // Each failed row says why beside its box (the server's words, spec §8).
      setErrors(
        Object.fromEntries([...failedKeys].map(([key, error]) => [key, getErrorMessage(error)])),
      );
    } finally {
      setIsSaving(false);
    }
    return result;
  };

  return {
    rows,
    errors,
    isDirty: isDirty(rows),
    isSaving,
    /** Add New: an empty row at the end. */
    add: () => edit(addRow(rows)),
    change: (key: string, text: string) => edit(changeRow(rows, key, text)),
    /**
     * Drops a row: an unsaved one, or a saved one the server deleted (without a draft the rows
     * already come from the reloaded values).
     */
    drop: (key: string) => setDraft((current) => current && removeRow(current, key)),
    /** Forgets the draft (another project was selected). */
    reset: () => {
      setDraft(null);
      setErrors({});
    },
    save,
  };
}
