"use client";

import { useId, useMemo, useState, type KeyboardEvent } from "react";

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown after the label and searched too ("+44", "GB"). */
  detail?: string;
}

const SHOWN = 50;

/**
 * A searchable picker (the ARIA combobox pattern): type part of a name, a
 * code or a detail, move with the arrow keys, Enter picks, Escape puts the
 * last choice back. A hidden input named `name` submits the chosen value.
 */
export function Combobox({
  id,
  name,
  label,
  options,
  defaultValue,
  hint,
  error,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  options: ComboboxOption[];
  defaultValue: string;
  hint?: string;
  error?: string;
  onChange?: (value: string) => void;
}) {
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const chosen = options.find((o) => o.value === value);
  const [text, setText] = useState(chosen?.label ?? value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => {
    const typed = text.trim().toLowerCase();
    if (!open || !typed || typed === chosen?.label.toLowerCase()) return options.slice(0, SHOWN);
    const starts = options.filter((o) => o.label.toLowerCase().startsWith(typed) || o.value.toLowerCase() === typed);
    const contains = options.filter((o) => !starts.includes(o) && `${o.label} ${o.value} ${o.detail ?? ""}`.toLowerCase().includes(typed));
    return [...starts, ...contains].slice(0, SHOWN);
  }, [text, open, options, chosen]);

  const pick = (option: ComboboxOption) => {
    setValue(option.value);
    setText(option.label);
    setOpen(false);
    onChange?.(option.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.max(0, Math.min(matches.length - 1, i + (event.key === "ArrowDown" ? 1 : -1))));
    } else if (event.key === "Enter" && open && matches[active]) {
      event.preventDefault();
      pick(matches[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
      setText(chosen?.label ?? value);
    }
  };
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

  return (
    <div className="field combobox">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${matches[active].value}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setText(chosen?.label ?? value);
        }}
      />
      <input type="hidden" name={name} value={value} />
      {open && (
        <ul id={listId} role="listbox" aria-label={label} className="combobox-list">
          {matches.length === 0 && (
            <li className="muted small" role="presentation">
              Nothing matches “{text}”.
            </li>
          )}
          {matches.map((option, i) => (
            <li
              key={option.value}
              id={`${listId}-${option.value}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(option);
              }}
            >
              {option.label}
              {option.detail && <span className="muted small"> {option.detail}</span>}
            </li>
          ))}
        </ul>
      )}
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="error">
          {error}
        </span>
      )}
    </div>
  );
}
