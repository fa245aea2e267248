import { describe, expect, it } from 'vitest';
import { mayOpen, menuFor, paths, signInScreen } from './paths';

describe('who may open a screen', () => {
  it("gives a collector the day's screens and nothing else", () => {
    for (const path of ['/today', '/transactions/sheet', '/payments/receiving', '/payments/collect'])
      expect(mayOpen('collector', path), path).toBe(true);
    for (const path of ['/', '/ShowColony', '/colony/update/GP', '/transactions/add', '/staff', '/settings'])
      expect(mayOpen('collector', path), path).toBe(false);
  });

  it('keeps staff, settings, audit and backups to admins', () => {
    for (const path of [paths.staff, paths.settings, paths.audit, paths.backups]) {
      expect(mayOpen('admin', path), path).toBe(true);
      expect(mayOpen('operator', path), path).toBe(false);
    }
    expect(mayOpen('operator', '/customers/update/12')).toBe(true);
  });

  it("opens a customer's file to every role, and keeps Add Customer and Update User the office's", () => {
    for (const role of ['admin', 'operator', 'collector'] as const) expect(mayOpen(role, '/customers/12')).toBe(true);
    expect(mayOpen('collector', '/customers/add')).toBe(false);
    expect(mayOpen('collector', '/customers/update/12')).toBe(false);
  });

  it('leaves an address that names no screen to the not-found page', () => {
    expect(mayOpen('collector', '/no-such-screen')).toBe(true);
  });

  it('builds the menu from the same table: each link one its role may open', () => {
    for (const role of ['admin', 'operator', 'collector'] as const)
      for (const group of menuFor(role))
        for (const link of group.links) expect(mayOpen(role, link.to), `${role} ${link.to}`).toBe(true);
    expect(menuFor('collector').map((g) => [g.label, g.links.map((l) => l.label)])).toEqual([
      ['Today', ['Today']],
      ['Payments', ['Receiving Payments', 'Collection Entry']],
    ]);
  });
});

describe('the Dashboard (docs/rules.md section 22)', () => {
  it("is the office's, first in its menu, and where an admin's sign-in opens", () => {
    for (const role of ['admin', 'operator'] as const) {
      expect(mayOpen(role, paths.dashboard)).toBe(true);
      expect(menuFor(role)[0]?.links).toEqual([{ label: 'Dashboard', to: paths.dashboard }]);
    }
    expect(mayOpen('collector', paths.dashboard)).toBe(false);
    expect(signInScreen('admin')).toBe(paths.dashboard);
    expect(signInScreen('operator')).toBe(paths.today);
    expect(signInScreen('collector')).toBe(paths.today);
  });
});
