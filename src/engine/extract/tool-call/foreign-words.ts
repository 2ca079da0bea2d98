/**
 * Tool names written in the languages an agent is often handed (R13 name-shape: `veritabani_sil`,
 * `slet_database`, `データベース削除`): the words that say what a call does (delete, empty, list,
 * create) and what it acts on (database, bucket, project, file) read as their English words, so the
 * families judge `データベース削除` as `database_delete` and `dosya_sil` as `file_delete`. Spanish,
 * French, German, Italian, Portuguese and Dutch verbs stay in whole-resource.ts's own lists.
 */

/** Words in scripts without spaces or Latin letters, replaced inside the name wherever they stand. */
const SCRIPT: Record<string, string> = {
  // Japanese
  削除: 'delete',
  消去: 'erase',
  破棄: 'destroy',
  一覧: 'list',
  取得: 'get',
  作成: 'create',
  データベース: 'database',
  バケット: 'bucket',
  プロジェクト: 'project',
  テーブル: 'table',
  クラスター: 'cluster',
  リポジトリ: 'repository',
  インスタンス: 'instance',
  ファイル: 'file',
  // Chinese (simplified and traditional)
  删除: 'delete',
  刪除: 'delete',
  清空: 'empty',
  销毁: 'destroy',
  銷毀: 'destroy',
  列出: 'list',
  查询: 'query',
  获取: 'get',
  创建: 'create',
  数据库: 'database',
  資料庫: 'database',
  存储桶: 'bucket',
  项目: 'project',
  專案: 'project',
  集群: 'cluster',
  仓库: 'repository',
  文件: 'file',
  檔案: 'file',
  // Korean
  삭제: 'delete',
  제거: 'remove',
  목록: 'list',
  조회: 'get',
  생성: 'create',
  데이터베이스: 'database',
  버킷: 'bucket',
  프로젝트: 'project',
  클러스터: 'cluster',
  파일: 'file',
  // Russian and Ukrainian (stems: удалить, удаление, удалити)
  удал: 'delete',
  очист: 'empty',
  уничтож: 'destroy',
  список: 'list',
  получ: 'get',
  созда: 'create',
  баз: 'database',
  проект: 'project',
  кластер: 'cluster',
  таблиц: 'table',
  файл: 'file',
  // Greek, Arabic, Hebrew
  διαγραφ: 'delete',
  βάση: 'database',
  حذف: 'delete',
  قاعدة: 'database',
  מחק: 'delete',
  מסד: 'database',
};
/** Cyrillic `данных` (of data) after `баз` is part of the database word. */
const SCRIPT_SKIP = /данных|даних|δεδομένων|البيانات|נתונים/g;
const SCRIPT_RE = new RegExp(
  Object.keys(SCRIPT)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'g',
);

/** Letters NFD leaves whole (Turkish dotless i, Polish l, Nordic o and ae). */
const LETTERS: Record<string, string> = { ı: 'i', ł: 'l', Ł: 'L', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', ß: 'ss' };

/** Spell a name's foreign-script words as English words between underscores. */
export function englishScript(name: string): string {
  return name
    .replace(/[ıłŁøØæÆß]/g, (c) => LETTERS[c]!)
    .replace(SCRIPT_SKIP, '')
    .replace(SCRIPT_RE, (m) => `_${SCRIPT[m]!}_`);
}

/** Latin-script words (accents dropped) of Turkish, Polish, Czech, Nordic, Finnish, Hungarian, Indonesian, Romanian, Vietnamese. */
const LATIN = new Map<string, string>(
  Object.entries({
    // delete, remove, empty, destroy
    sil: 'delete',
    kaldir: 'remove',
    bosalt: 'empty',
    temizle: 'clear',
    usun: 'delete',
    skasuj: 'delete',
    wyczysc: 'empty',
    zniszcz: 'destroy',
    smazat: 'delete',
    smaz: 'delete',
    odstranit: 'delete',
    vymazat: 'delete',
    slet: 'delete',
    slett: 'delete',
    fjern: 'remove',
    radera: 'delete',
    poista: 'delete',
    tyhjenna: 'empty',
    tuhoa: 'destroy',
    torol: 'delete',
    torles: 'delete',
    hapus: 'delete',
    sterge: 'delete',
    xoa: 'delete',
    // More of the same (R14 hosted-whole: `slette_workspace`): Norwegian, Danish, Swedish,
    // Indonesian and Malay, Tagalog, Swahili.
    slette: 'delete',
    sletta: 'delete',
    fjerne: 'remove',
    tomme: 'empty',
    tomma: 'empty',
    rensa: 'purge',
    menghapus: 'delete',
    hapuskan: 'delete',
    musnahkan: 'destroy',
    hancurkan: 'destroy',
    kosongkan: 'empty',
    padam: 'delete',
    burahin: 'erase',
    futa: 'delete',
    // More of the same (R15 loss by name): Croatian, Serbian and Slovenian, Estonian, Latvian,
    // Lithuanian, Slovak, Icelandic, Albanian, Catalan, Basque, Welsh, Afrikaans, Swahili, Filipino,
    // and romanised Chinese (pinyin), Japanese, Korean and Hindi.
    obrisi: 'delete',
    izbrisi: 'delete',
    brisi: 'delete',
    ukloni: 'remove',
    isprazni: 'empty',
    unisti: 'destroy',
    kustuta: 'delete',
    eemalda: 'remove',
    tuhjenda: 'empty',
    havita: 'destroy',
    dzest: 'delete',
    izdzest: 'delete',
    istrinti: 'delete',
    pasalinti: 'remove',
    zmazat: 'delete',
    vymaz: 'delete',
    eyda: 'delete',
    fshij: 'delete',
    fshi: 'delete',
    esborrar: 'delete',
    ezabatu: 'delete',
    dileu: 'delete',
    verwyder: 'remove',
    skrap: 'delete',
    ondoa: 'remove',
    tanggalin: 'remove',
    shanchu: 'delete',
    qingkong: 'empty',
    qingchu: 'clear',
    xiaohui: 'destroy',
    sakujo: 'delete',
    sakje: 'delete',
    hatao: 'remove',
    mitao: 'delete',
    shujuku: 'database',
    andmebaas: 'database',
    hifadhidata: 'database',
    xiangmu: 'project',
    mradi: 'project',
    jiqun: 'cluster',
    cunchutong: 'bucket',
    konto: 'account',
    kontot: 'account',
    zhanghu: 'account',
    akaunti: 'account',
    akun: 'account',
    hesap: 'account',
    hesabi: 'account',
    racun: 'account',
    // every one of them (R16 `usun_wszystkie_pliki`): Polish, Czech, Turkish, Indonesian, Swedish, Finnish
    wszystkie: 'all',
    wszystko: 'all',
    vsechny: 'all',
    vse: 'all',
    tum: 'all',
    tumu: 'all',
    semua: 'all',
    alla: 'all',
    kaikki: 'all',
    pliki: 'files',
    plikow: 'files',
    soubory: 'files',
    dosyalar: 'files',
    dosyalari: 'files',
    filer: 'files',
    tiedostot: 'files',
    katalog: 'directory',
    slozka: 'directory',
    klasor: 'directory',
    kansio: 'directory',
    // read, list, create
    listele: 'list',
    oku: 'read',
    getir: 'get',
    olustur: 'create',
    lista: 'list',
    listaa: 'list',
    // what they act on
    veritabani: 'database',
    veritaban: 'database',
    tietokanta: 'database',
    databaze: 'database',
    databazi: 'database',
    databas: 'database',
    adatbazis: 'database',
    proje: 'project',
    projeyi: 'project',
    projekti: 'project',
    prosjekt: 'project',
    prosjektet: 'project',
    projektet: 'project',
    databasen: 'database',
    tabell: 'table',
    tabellen: 'table',
    klynge: 'cluster',
    kluster: 'cluster',
    proyek: 'project',
    kova: 'bucket',
    tablo: 'table',
    tabloyu: 'table',
    tabela: 'table',
    tabele: 'table',
    tabulka: 'table',
    tabulku: 'table',
    taulu: 'table',
    sunucu: 'server',
    dosya: 'file',
    dosyayi: 'file',
    plik: 'file',
    soubor: 'file',
    fil: 'file',
    tiedosto: 'file',
    berkas: 'file',
  }),
);
/** Two words that together name a database (`baze_danych`, `basis_data`, `baza_de_date`, `co_so_du_lieu`). */
const DATABASE_PHRASE =
  /^(?:baz[aeyu]?|basis|pangkalan|baza)_(?:danych|data|de_date|podataka|podatkov|duomenu|datu)$|^co_so_du_lieu$/;

/** Two-word verbs (Swedish `ta bort`, Turkish `yok et`, Vietnamese `xoa bo`). */
const PAIRS = new Map([
  ['ta_bort', 'remove'],
  ['yok_et', 'destroy'],
  ['xoa_bo', 'delete'],
]);

/** First words of DATABASE_PHRASE and of PAIRS: only after one of them are longer runs built and tested. */
const PHRASE_HEAD = /^(?:baz[aeyu]?|basis|pangkalan|co)$/;
const PAIR_HEAD = new Set([...PAIRS.keys()].map((p) => p.split('_')[0]!));

/** The name's words with foreign ones read as English (`usun_baze_danych` -> delete, database). */
export function englishWords(words: string[]): string[] {
  let changed = false;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const phraseHead = PHRASE_HEAD.test(w);
    if (phraseHead || PAIR_HEAD.has(w)) {
      const pair = `${w}_${words[i + 1] ?? ''}`;
      const triple = `${pair}_${words[i + 2] ?? ''}`;
      const four = `${triple}_${words[i + 3] ?? ''}`;
      const phrase = phraseHead ? [four, triple, pair].find((p) => DATABASE_PHRASE.test(p)) : undefined;
      if (phrase !== undefined) {
        out.push('database');
        i += phrase.split('_').length - 1;
        changed = true;
        continue;
      }
      const verb = PAIRS.get(pair);
      if (verb !== undefined) {
        out.push(verb);
        i++;
        changed = true;
        continue;
      }
    }
    const en = LATIN.get(w);
    if (en !== undefined) changed = true;
    out.push(en ?? w);
  }
  return changed ? out : words;
}
