import { describe, expect, it } from "vitest";
import { completeLock, platformOf } from "./complete-lockfile.mjs";

describe("complete-lockfile", () => {
  it("reads os, cpu and libc from a native package's name", () => {
    expect(platformOf("@next/swc-darwin-arm64")).toEqual({ os: ["darwin"], cpu: ["arm64"] });
    expect(platformOf("@next/swc-linux-x64-musl")).toEqual({ os: ["linux"], cpu: ["x64"], libc: ["musl"] });
    expect(platformOf("@unrs/resolver-binding-linux-arm-gnueabihf")).toEqual({ os: ["linux"], cpu: ["arm"], libc: ["glibc"] });
    expect(platformOf("@next/swc-win32-ia32-msvc")).toEqual({ os: ["win32"], cpu: ["ia32"] });
  });

  it("adds only the optional dependencies the lock lacks", () => {
    const lock = {
      packages: {
        "node_modules/next": { optionalDependencies: { "@next/swc-linux-x64-gnu": "16.4.6", "@next/swc-darwin-arm64": "16.4.6" } },
        "node_modules/@next/swc-linux-x64-gnu": { version: "16.4.6" },
      },
    };
    expect(completeLock(lock)).toBe(1);
    expect(lock.packages["node_modules/@next/swc-darwin-arm64"]).toMatchObject({ version: "16.4.6", os: ["darwin"], cpu: ["arm64"], optional: true });
    expect(completeLock(lock)).toBe(0);
  });
});
