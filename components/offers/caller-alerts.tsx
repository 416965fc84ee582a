"use client";

import { useBrowserChoice } from "@/components/ui/use-browser-choice";

// Pick queues are heard too (issue 61, point 6): an agent away from the Queue
// page may choose to hear a chime and get a desktop notification when a new
// caller starts waiting. The choice is this browser's (a headset on one desk,
// silence on another), kept in localStorage (useBrowserChoice).

export interface CallerAlertChoice {
  sound: boolean;
  desktop: boolean;
}

const STORAGE_KEY = "queue.callerAlerts";
const NONE: CallerAlertChoice = { sound: false, desktop: false };

function parse(raw: string): CallerAlertChoice {
  try {
    const value = JSON.parse(raw) as Partial<CallerAlertChoice>;
    return { sound: value.sound === true, desktop: value.desktop === true };
  } catch {
    return NONE;
  }
}

/** This browser's choice, and a way to change it. */
export function useCallerAlertChoice(): [CallerAlertChoice, (next: CallerAlertChoice) => void] {
  const [raw, store] = useBrowserChoice(STORAGE_KEY);
  const choice = raw ? parse(raw) : NONE;
  const choose = (next: CallerAlertChoice) => store(JSON.stringify(next));
  return [choice, choose];
}

/** The Queue page's form for the choice: keyboard-friendly checkboxes, the browser's permission asked from the click. */
export function CallerAlertsChoice() {
  const [choice, choose] = useCallerAlertChoice();
  const setDesktop = async (desktop: boolean) => {
    if (desktop && typeof Notification !== "undefined" && Notification.permission === "default") await Notification.requestPermission();
    choose({ ...choice, desktop });
  };
  const blocked = typeof Notification !== "undefined" && Notification.permission === "denied";
  return (
    <fieldset className="caller-alerts small">
      <legend>When I am on another page and a caller starts waiting</legend>
      <label>
        <input type="checkbox" checked={choice.sound} onChange={(e) => choose({ ...choice, sound: e.target.checked })} /> play a sound
      </label>{" "}
      <label>
        <input type="checkbox" checked={choice.desktop} onChange={(e) => void setDesktop(e.target.checked)} /> show a desktop notification
      </label>
      {choice.desktop && blocked && <span className="muted"> (this browser blocks notifications for this site)</span>}
    </fieldset>
  );
}
