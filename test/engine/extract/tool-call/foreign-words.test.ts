/** Tool-name words in other languages read as English (src/engine/extract/tool-call/foreign-words.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';

describe('nameWords with foreign words', () => {
  it.each([
    ['veritabani_sil', 'database_delete'],
    ['veritabanı_sil', 'database_delete'],
    ['slet_database', 'delete_database'],
    ['usun_baze_danych', 'delete_database'],
    ['poista_tietokanta', 'delete_database'],
    ['smazat_databazi', 'delete_database'],
    ['データベース削除', 'database_delete'],
    ['バケット削除', 'bucket_delete'],
    ['删除数据库', 'delete_database'],
    ['데이터베이스_삭제', 'database_delete'],
    ['удалить_базу_данных', 'delete_database'],
    ['dosya_sil', 'file_delete'],
    ['データベース一覧', 'database_list'],
    ['read_file', 'read_file'],
    ['deleteBucket', 'delete_bucket'],
  ])('%s reads as %s', (name, words) => {
    expect(nameWords(name).join('_')).toBe(words);
  });
});
