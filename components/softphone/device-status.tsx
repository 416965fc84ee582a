"use client";

import { useSoftphone } from "./softphone-provider";

/** Registered or not, and why not: always visible in the state bar. */
export function DeviceStatus() {
  const { device } = useSoftphone();
  const label = device.registered ? (device.mode === "simulated" ? "Phone ready (simulated)" : "Phone registered") : "Phone not registered";
  return (
    <div className="device" role="status" aria-label="Phone status" data-testid="device-status">
      <span className={`dot ${device.registered ? "on" : "off"}`} aria-hidden="true" />
      {label}
      {device.reason && <span className="device-reason">{device.reason}</span>}
    </div>
  );
}
