import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { watchRowChanges } from './row-changes';

describe('watchRowChanges', () => {
  function database() {
    const sqlite = new SQLite(':memory:');
    sqlite.pragma('foreign_keys = ON');
    sqlite.exec(`
      create table owners (id text primary key);
      create table pets (id text primary key, owner_id text references owners(id) on delete cascade, name text);
      insert into owners values ('o1'), ('o2');
      insert into pets values ('p1', 'o1', 'Rex'), ('p2', 'o1', 'Tom'), ('p3', 'o2', 'Kit');`);
    const heard: string[] = [];
    watchRowChanges(sqlite, 'pets', 'owner_id', (owner) => heard.push(owner));
    return { sqlite, heard };
  }

  it('reports each inserted, updated and deleted row by the watched column, old and new', () => {
    const { sqlite, heard } = database();
    sqlite.exec("insert into pets values ('p4', 'o2', 'Ace')");
    expect(heard.splice(0)).toEqual(['o2']);
    sqlite.exec("update pets set name = 'Max' where owner_id = 'o1'");
    expect(heard.splice(0)).toEqual(['o1', 'o1', 'o1', 'o1']);
    sqlite.exec("update pets set owner_id = 'o2' where id = 'p1'");
    expect(heard.splice(0)).toEqual(['o1', 'o2']);
    sqlite.exec("delete from pets where id = 'p3'");
    expect(heard.splice(0)).toEqual(['o2']);
  });

  it('reports rows removed by a cascade, and keeps reporting after a rolled-back transaction', () => {
    const { sqlite, heard } = database();
    sqlite.exec("delete from owners where id = 'o1'");
    expect(heard.splice(0).sort()).toEqual(['o1', 'o1']);
    expect(() => sqlite.transaction(() => {
      sqlite.exec("update pets set name = 'Zed' where id = 'p3'");
      throw new Error('roll back');
    })()).toThrow('roll back');
    expect(heard.splice(0)).toEqual(['o2', 'o2']);
    expect(sqlite.prepare("select name from pets where id = 'p3'").pluck().get()).toBe('Kit');
  });

  it('tells every watcher of the same column, and is not written into the database file', () => {
    const { sqlite, heard } = database();
    const second: string[] = [];
    watchRowChanges(sqlite, 'pets', 'owner_id', (owner) => second.push(owner));
    sqlite.exec("delete from pets where id = 'p3'");
    expect([heard, second]).toEqual([['o2'], ['o2']]);
    expect(sqlite.prepare("select count(*) from main.sqlite_master where type = 'trigger'").pluck().get()).toBe(0);
  });

  it('with changedOnly, reports an update that changes only those columns there instead, by the new key', () => {
    const { sqlite } = database();
    sqlite.exec("alter table pets add column nickname text");
    const forgotten: string[] = [];
    const refreshed: string[] = [];
    watchRowChanges(sqlite, 'pets', 'id', (id) => forgotten.push(id), { columns: ['name'], listener: (id) => refreshed.push(id) });
    sqlite.exec("update pets set name = 'Max' where id = 'p1'");
    expect([forgotten.splice(0), refreshed.splice(0)]).toEqual([[], ['p1']]);
    // Another column changed too, a null included, or the key itself: forgotten, old and new.
    sqlite.exec("update pets set name = 'Rex', nickname = 'R' where id = 'p1'");
    expect([forgotten.splice(0), refreshed.splice(0)]).toEqual([['p1', 'p1'], []]);
    sqlite.exec("update pets set id = 'p9' where id = 'p2'");
    expect([forgotten.splice(0), refreshed.splice(0)]).toEqual([['p2', 'p9'], []]);
    // Setting another column to the value it has (null is null) changes nothing else.
    sqlite.exec("update pets set name = 'Ivy', nickname = null where id = 'p3'");
    expect([forgotten.splice(0), refreshed.splice(0)]).toEqual([[], ['p3']]);
    sqlite.exec("insert into pets values ('p5', 'o1', 'New', null)");
    sqlite.exec("delete from pets where id = 'p5'");
    expect([forgotten.splice(0), refreshed.splice(0)]).toEqual([['p5', 'p5'], []]);
    expect(() => watchRowChanges(sqlite, 'pets', 'id', () => undefined, { columns: ['colour'], listener: () => undefined })).toThrow(/no column colour/);
  });

  it('refuses names that are not plain identifiers', () => {
    const sqlite = new SQLite(':memory:');
    expect(() => watchRowChanges(sqlite, 'pets; drop table x', 'id', () => undefined)).toThrow(/unexpected name/);
  });
});
