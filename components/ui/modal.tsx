"use client";

import { useEffect, useRef } from "react";

/** A native <dialog>: focus is trapped and Escape closes it, for free. */
export function Modal({ open, title, onClose, children, actions }: { open: boolean; title: string; onClose: () => void; children: React.ReactNode; actions?: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-label={title} onClose={onClose} onCancel={onClose}>
      {open && (
        <>
          <div className="modal-body">
            <h2 style={{ marginTop: 0, fontSize: "1.15rem" }}>{title}</h2>
            {children}
          </div>
          {actions && <div className="modal-actions">{actions}</div>}
        </>
      )}
    </dialog>
  );
}

/** Asks before anything that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger = true,
  pending = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: React.ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={`button ${danger ? "danger" : ""}`} disabled={pending} onClick={onConfirm}>
            {pending ? "Working…" : confirmLabel}
          </button>
        </>
      }
    >
      <div>{message}</div>
    </Modal>
  );
}
