import { html, type SafeHtml } from './html';
import { NOTICE_TEXT_ID } from './layout';

/** One labelled input of a form. */
export type FieldInput = {
  /** Visible label text; also what assistive technology reads. */
  label: string;
  name: string;
  type: 'email' | 'password' | 'text';
  /** The browser `autocomplete` token, so password managers fill the right field. */
  autocomplete: string;
  value?: string;
  /** Rule shown under the label and tied to the input with aria-describedby. */
  hint?: string;
  isAutofocus?: boolean;
  /** The page's error notice is about this field: marked invalid and described by the notice. */
  isInvalid?: boolean;
};

/** A labelled input with an optional hint. */
export function field(input: FieldInput): SafeHtml {
  const id = `field-${input.name}`;
  const hintId = `${id}-hint`;
  const describedBy = [input.hint && hintId, input.isInvalid && NOTICE_TEXT_ID].filter(Boolean);
  return html`<div class="field">
    <label for="${id}">${input.label}</label>
    ${input.hint ? html`<span class="hint" id="${hintId}">${input.hint}</span>` : ''}
    <input
      id="${id}"
      name="${input.name}"
      type="${input.type}"
      autocomplete="${input.autocomplete}"
      required${
        input.value ? html` value="${input.value}"` : ''
      }${describedBy.length > 0 ? html` aria-describedby="${describedBy.join(' ')}"` : ''}${input.isInvalid ? html` aria-invalid="true"` : ''}${input.isAutofocus ? html` autofocus` : ''}
    />
  </div>`;
}

/** A POST form with its anti-forgery token. */
export function form(
  action: string,
  csrf: string,
  content: SafeHtml,
  submitLabel: string,
): SafeHtml {
  return html`<form method="post" action="${action}" novalidate>
    <input type="hidden" name="csrf" value="${csrf}" />
    ${content}
    <button type="submit">${submitLabel}</button>
  </form>`;
}
