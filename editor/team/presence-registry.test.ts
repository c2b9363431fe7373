// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inProcessBus, type PresenceBus, type PresenceMessage } from "./presence-bus.ts";
import {
  PRESENCE_EXPIRY_MS,
  PRESENCE_HEARTBEAT_MS,
  type PresenceRegistry,
  initialsOf,
  presenceRegistry,
} from "./presence-registry.ts";

const ABOUT = "site-config/pages/about.json";
const MIA = { email: "mia@company.com", name: "Mia Wong" };
const BOB = { email: "bob@company.com", name: "Bob Smith" };

let bus: PresenceBus;
const registries: PresenceRegistry[] = [];
const open = () => {
  const registry = presenceRegistry(bus);
  registries.push(registry);
  return registry;
};

beforeEach(() => {
  vi.useFakeTimers();
  bus = inProcessBus();
});
afterEach(() => {
  registries.splice(0).forEach((registry) => registry.close());
  vi.useRealTimers();
});

describe("who is here, across instances", () => {
  it("names each person once per page, to everyone but themselves, by name and initials", () => {
    const a = open();
    const b = open();
    a.join(MIA, ABOUT);
    a.join(MIA, ABOUT);
    b.join(BOB, ABOUT);
    expect(a.pagesFor(BOB.email)).toEqual({ [ABOUT]: [{ ...MIA, initials: "MW" }] });
    expect(b.pagesFor(MIA.email)).toEqual({ [ABOUT]: [{ ...BOB, initials: "BS" }] });
    expect(b.pagesFor("vic@company.com")).toEqual({
      [ABOUT]: [
        { ...BOB, initials: "BS" },
        { ...MIA, initials: "MW" },
      ],
    });
  });

  it("tells the other instances at once when a tab leaves", () => {
    const a = open();
    const b = open();
    const changes = vi.fn();
    b.onChange(changes);
    const leave = a.join(MIA, ABOUT);
    expect(changes).toHaveBeenCalledTimes(1);
    leave();
    expect(changes).toHaveBeenCalledTimes(2);
    expect(b.pagesFor(BOB.email)).toEqual({});
  });

  it("keeps another instance's tabs while it repeats them, and forgets them once it stops without a word", () => {
    const b = open();
    // Instance "a" says Mia is here, then repeats it as its heartbeat would; then it dies.
    const here: PresenceMessage = { kind: "here", instance: "a", id: "tab", person: MIA, file: ABOUT };
    void bus.publish(here);
    for (let beat = 0; beat < 5; beat++) {
      vi.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
      void bus.publish(here);
    }
    expect(b.pagesFor(BOB.email)).toEqual({ [ABOUT]: [{ ...MIA, initials: "MW" }] });
    vi.advanceTimersByTime(PRESENCE_EXPIRY_MS - PRESENCE_HEARTBEAT_MS);
    expect(b.pagesFor(BOB.email)).toEqual({ [ABOUT]: [{ ...MIA, initials: "MW" }] });
    vi.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
    expect(b.pagesFor(BOB.email)).toEqual({});
  });

  it("repeats its own tabs every heartbeat, and says them again when a new instance asks", () => {
    const heard: PresenceMessage[] = [];
    bus.subscribe((message) => heard.push(message));
    const a = open();
    a.join(MIA, ABOUT);
    const heres = () => heard.filter((message) => message.kind === "here").length;
    expect(heres()).toBe(1);
    vi.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
    expect(heres()).toBe(2);
    const b = open();
    expect(heres()).toBe(3);
    expect(b.pagesFor(BOB.email)).toEqual({ [ABOUT]: [{ ...MIA, initials: "MW" }] });
  });

  it("tells every instance of a lock's change", () => {
    const a = open();
    const b = open();
    const told = vi.fn();
    b.onLock(told);
    const event = { file: ABOUT, holder: { email: BOB.email, name: BOB.name }, takenFrom: MIA.email };
    a.lockChanged(event);
    expect(told).toHaveBeenCalledWith(event);
  });

  it("writes two letters of a name, or one of a single word", () => {
    expect([initialsOf("Mia Wong"), initialsOf("ada"), initialsOf("Jean Luc Picard"), initialsOf(" ")]).toEqual([
      "MW",
      "A",
      "JP",
      "?",
    ]);
  });
});
