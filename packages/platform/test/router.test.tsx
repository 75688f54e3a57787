import { act, render, screen } from '@testing-library/react';
import * as reactRouter from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import * as platform from '../src';

/**
 * `@manager/platform` carries react-router-dom's hooks and components: a remote may use any of
 * them without the shell being rebuilt. These tests read react-router-dom's own exports, so
 * they fail when it gains a hook or a component platform lacks.
 */

/**
 * Components of React Router's framework mode and of server rendering: each needs a
 * server-rendered document or a server's context and throws under the console's router, and
 * react-router keeps its code in one module, so exporting them would bring their code (25 KB
 * gzip for HydratedRouter's hydration alone) to every first page.
 */
const FRAMEWORK_OR_SERVER_ONLY = [
  'HydratedRouter',
  'Links',
  'Meta',
  'PrefetchPageLinks',
  'Scripts',
  'ServerRouter',
  'StaticRouterProvider',
  'unstable_RSCStaticRouter',
];

/** Exports named like components that are not rendered: an enum and a class (constants are in capitals). */
const NOT_COMPONENTS = ['NavigationType', 'RouterContextProvider'];

const names = Object.keys(reactRouter);
const hooks = names.filter((n) => /^(unstable_)?use[A-Z]/.test(n));
const components = names.filter(
  (n) =>
    /^(unstable_)?[A-Z]/.test(n) &&
    !/^[A-Z_]+$/.test(n) &&
    !n.startsWith('UNSAFE_') &&
    !NOT_COMPONENTS.includes(n),
);
const exported = platform as unknown as Record<string, unknown>;
const own = reactRouter as unknown as Record<string, unknown>;

describe("platform's router", () => {
  it("exports every react-router-dom hook, react-router-dom's own", () => {
    expect(hooks.length).toBeGreaterThan(30);
    expect(hooks.filter((n) => exported[n] !== own[n])).toEqual([]);
  });

  it('exports every component a page renders in the browser; none of the framework or server ones', () => {
    expect(components).toEqual(expect.arrayContaining(FRAMEWORK_OR_SERVER_ONLY));
    const browser = components.filter((n) => !FRAMEWORK_OR_SERVER_ONLY.includes(n));
    expect(browser.length).toBeGreaterThan(15);
    expect(browser.filter((n) => exported[n] !== own[n])).toEqual([]);
    expect(FRAMEWORK_OR_SERVER_ONLY.filter((n) => n in exported)).toEqual([]);
  });

  it('the hooks and components work through platform (NavLink, useMatch, Await, useOutletContext)', async () => {
    const { MemoryRouter, Routes, Route, Outlet, NavLink, useMatch, Await, useOutletContext } = platform;
    function Area() {
      const match = useMatch('/settings/:tab');
      return (
        <>
          <NavLink to="/settings/audit">Audit</NavLink>
          <p>tab {match?.params.tab}</p>
          <Outlet context="from the area" />
        </>
      );
    }
    const data = Promise.resolve('loaded');
    function Tab() {
      const context = useOutletContext<string>();
      return <Await resolve={data}>{(value: string) => <p>{`${value} ${context}`}</p>}</Await>;
    }
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/settings/audit']}>
          <Routes>
            <Route path="/settings" element={<Area />}>
              <Route path=":tab" element={<Tab />} />
            </Route>
          </Routes>
        </MemoryRouter>,
      );
    });
    expect(screen.getByText('tab audit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audit' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('loaded from the area')).toBeTruthy();
  });
});
