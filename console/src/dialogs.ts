// Modal dialogs: a confirmation before anything destructive, and small forms (deploy, maintenance).
import { esc } from './html';

function modal(body: string): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.className = 'modal';
  dialog.innerHTML = body;
  document.body.appendChild(dialog);
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
  return dialog;
}

/** Resolves true only when the operator presses the named button. */
export function confirmAction(title: string, message: string, verb: string): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = modal(`<form method="dialog" data-testid="confirm">
      <h2>${esc(title)}</h2><p>${esc(message)}</p>
      <menu><button value="cancel" data-testid="confirm-cancel">Cancel</button>
      <button value="ok" class="danger" data-testid="confirm-ok">${esc(verb)}</button></menu></form>`);
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'));
  });
}

export interface Field {
  name: string;
  label: string;
  placeholder?: string;
  value?: string;
  required?: boolean;
}

/** A form in a dialog; resolves with the values, or null when cancelled. */
export function askForm(title: string, fields: Field[], verb: string, note = ''): Promise<Record<string, string> | null> {
  return new Promise((resolve) => {
    const inputs = fields.map((f) => `<label>${esc(f.label)}<input name="${esc(f.name)}"
      data-testid="field-${esc(f.name)}" placeholder="${esc(f.placeholder ?? '')}" value="${esc(f.value ?? '')}"
      ${f.required ? 'required' : ''}></label>`).join('');
    const dialog = modal(`<form method="dialog" data-testid="form"><h2>${esc(title)}</h2>
      ${note ? `<p>${esc(note)}</p>` : ''}${inputs}
      <menu><button value="cancel" formnovalidate data-testid="form-cancel">Cancel</button>
      <button value="ok" data-testid="form-ok">${esc(verb)}</button></menu></form>`);
    dialog.addEventListener('close', () => {
      if (dialog.returnValue !== 'ok') return resolve(null);
      const form = dialog.querySelector('form') as HTMLFormElement;
      resolve(Object.fromEntries(new FormData(form).entries()) as Record<string, string>);
    });
  });
}

export function toast(message: string, error = false): void {
  const box = document.getElementById('toasts');
  if (!box) return;
  const item = document.createElement('div');
  item.className = error ? 'toast error' : 'toast';
  item.setAttribute('role', 'status');
  item.textContent = message;
  box.appendChild(item);
  setTimeout(() => item.remove(), error ? 12000 : 5000);
}
