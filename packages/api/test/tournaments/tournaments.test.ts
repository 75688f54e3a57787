import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signedInApp, type TestApp } from '../support/helper';
import { form, PNG, uploadedFiles, rowsOf } from '../support/tasks-helpers';

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await signedInApp()));
afterAll(() => t.close());

const count = async () => Number((await rowsOf(t, sql`select count(*)::int as n from tournaments`))[0]!.n);

describe('tournaments', () => {
  it('creates with an image, edits, clears the date and deletes', async () => {
    const date = '2030-05-01T18:30:00.000Z';
    const res = await t.call({
      method: 'POST',
      url: '/manager/tournaments',
      token,
      ...form({ tournamentsDate: date, tournamentsLink: 'https://t.me/cup' }, [
        { name: 'tournamentsImage', value: PNG, filename: 't.png' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const tour = res.json().data;
    expect(tour).toMatchObject({ tournamentsDate: date, tournamentsLink: 'https://t.me/cup' });
    expect(tour.tournamentsImage).toMatch(/^[0-9a-f-]{36}\.png$/);
    const edited = await t.call({
      method: 'PUT',
      url: `/manager/tournaments/${tour.id}`,
      token,
      ...form({ tournamentsDate: '', tournamentsLink: '' }),
    });
    expect(edited.json().data).toMatchObject({
      tournamentsDate: null,
      tournamentsLink: null,
      tournamentsImage: tour.tournamentsImage,
    });
    expect((await t.call({ method: 'GET', url: '/manager/tournaments', token })).json().data).toHaveLength(1);
    expect(
      (await t.call({ method: 'DELETE', url: `/manager/tournaments/${tour.id}`, token })).statusCode,
    ).toBe(200);
    expect(await count()).toBe(0);
  });

  it('refuses a bad link, a bad date and a non-image: 400, nothing stored', async () => {
    const files = uploadedFiles(t).length;
    for (const [body, field] of [
      [{ tournamentsLink: 'javascript-ish' }, 'tournamentsLink'],
      [{ tournamentsDate: 'soon' }, 'tournamentsDate'],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/manager/tournaments',
        token,
        ...form(body, [{ name: 'tournamentsImage', value: PNG, filename: 't.png' }]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const txt = await t.call({
      method: 'POST',
      url: '/manager/tournaments',
      token,
      ...form({}, [{ name: 'tournamentsImage', value: 'hello', filename: 't.jpg' }]),
    });
    expect(txt.statusCode).toBe(400);
    expect(await count()).toBe(0);
    expect(uploadedFiles(t).length).toBe(files);
  });

  it('an edit of an unknown tournament with an image is a 404 and leaves no file behind', async () => {
    const files = uploadedFiles(t).length;
    const res = await t.call({
      method: 'PUT',
      url: '/manager/tournaments/999999',
      token,
      ...form({}, [{ name: 'tournamentsImage', value: PNG, filename: 't.png' }]),
    });
    expect(res.statusCode).toBe(404);
    expect(uploadedFiles(t).length).toBe(files);
  });
});
