//! The message catalogues (`assets/locales/*/jungle.ftl`) against each other, against the code
//! and against the bundled fonts; and the bot speaking each language at the console.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast;
use jungle::engine::Animal;
use jungle::lang::{Arg, Lang};
use jungle::render;

/// Each message's variables (`$name`), by id, as the catalogue's syntax tree has them.
fn placeables(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let res = fluent_syntax::parser::parse(lang.source()).expect("the catalogue parses");
    let mut out = BTreeMap::new();
    for entry in res.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            out.insert(m.id.name.to_string(), vars);
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn every_message_of_every_catalogue_renders() {
    for lang in Lang::ALL {
        assert_eq!(
            jungle::lang::syntax_errors(lang),
            Vec::<String>::new(),
            "{lang}"
        );
        let ids = lang.ids();
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "{lang} defines a message twice");
        for (id, vars) in placeables(lang) {
            // Numbers pick plural forms; text takes the other branches.
            for sample in [Arg::Number(1), Arg::Number(3), Arg::Text("x".into())] {
                let args: Vec<(&str, Arg<'_>)> =
                    vars.iter().map(|v| (v.as_str(), sample.clone())).collect();
                let text = lang
                    .try_tr(&id, &args)
                    .unwrap_or_else(|e| panic!("{lang} {id}: {e:?}"));
                // Only a separator may be blank (between Chinese sentences, nothing).
                assert!(
                    id.ends_with("-separator") || !text.trim().is_empty(),
                    "{lang} {id} is empty"
                );
                assert!(
                    !text.contains('\u{2068}'),
                    "{lang} {id} has isolation marks"
                );
            }
        }
    }
}

#[test]
fn the_catalogues_hold_the_same_messages_with_the_same_placeables() {
    let en = placeables(Lang::En);
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        let other = placeables(lang);
        let missing: Vec<&String> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<&String> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        assert!(extra.is_empty(), "{lang} has extra {extra:?}");
        for (id, vars) in &en {
            assert_eq!(&other[id], vars, "{lang} {id}: not the same placeables");
        }
    }
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// The string literals of Rust source that look like message ids (`"move-too-late"`).
fn id_literals(src: &str) -> BTreeSet<String> {
    src.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                || s.starts_with("language-name-")
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn the_code_names_only_messages_that_exist_and_uses_every_message() {
    let mut files = Vec::new();
    sources(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    let ids: BTreeSet<String> = Lang::En.ids().iter().map(|s| s.to_string()).collect();
    let mut literals = BTreeSet::new();
    let mut named = BTreeSet::new();
    for src in &files {
        literals.extend(id_literals(src));
        // `tr!(lang, "id", ...)`: the first literal after the macro's name.
        let flat: String = src.split_whitespace().collect::<Vec<_>>().join(" ");
        let pieces: Vec<&str> = flat.split("tr!(").collect();
        for (before, call) in pieces.iter().zip(&pieces[1..]) {
            // Not `include_str!(`.
            if before.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            // `tr!(lang, "id", ...)`: the id is the first literal, after the language.
            match call.split_once('"') {
                Some((head, rest)) if !head.contains(['`', ';', '"']) => {
                    let id = rest.split('"').next().unwrap_or_default();
                    named.insert(id.to_string());
                }
                _ => {}
            }
        }
    }
    let unknown: Vec<&String> = named.iter().filter(|id| !ids.contains(*id)).collect();
    assert!(
        unknown.is_empty(),
        "tr! names messages no catalogue has: {unknown:?}"
    );
    let unused: Vec<&String> = ids.iter().filter(|id| !literals.contains(*id)).collect();
    assert!(unused.is_empty(), "messages no code names: {unused:?}");
}

#[test]
fn the_bundled_fonts_draw_every_character_of_the_catalogues_and_the_board() {
    for lang in Lang::ALL {
        let lacking = render::missing_bundled(lang.source());
        assert!(
            lacking.is_empty(),
            "{lang}: the fonts lack {lacking:?}; run fonts/make-subset.sh"
        );
        let pieces: String = Animal::ALL
            .into_iter()
            .map(|a| jungle::lang::piece_char(lang, a))
            .collect();
        assert_eq!(
            render::missing_bundled(&pieces),
            Vec::<char>::new(),
            "{lang}"
        );
    }
}

/// The names the board, the replay and the graph must draw without a box or a `?`.
const NAMES: [&str; 7] = [
    "小明",
    "爸爸",
    "張偉",
    "José",
    "Ωmega",
    "Владимир",
    "さくら",
];

#[test]
fn boards_replays_and_graphs_draw_names_in_any_script() {
    for name in NAMES {
        // Asked of the bundled fonts alone: the same on a machine without fonts of its own.
        assert_eq!(render::missing_bundled(name), Vec::<char>::new(), "{name}");
        assert_eq!(render::missing_glyphs(name), Vec::<char>::new(), "{name}");
    }
    // What no font has is said, not hidden: the renderer draws it as a box.
    assert_eq!(render::missing_bundled("A\u{10FFFD}"), vec!['\u{10FFFD}']);
}

#[test]
fn the_common_characters_of_gb2312_and_big5_are_bundled() {
    // A spread of everyday names and words from both standards: Simplified (GB 2312) and
    // Traditional (Big5 level 1) forms, and kana.
    let text = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤\
        張劉陳楊黃趙吳週孫馬許韓馮鄧蕭葉蘇魏呂盧薑鐘譚陸賈韋鄒龍陶賀顧龔萬錢嚴湯 偉傑鴻慧麗華國強書聲讀寫廣東臺灣\
        あいうえおかきくけこさしすせそ アイウエオカキクケコ";
    assert_eq!(render::missing_bundled(text), Vec::<char>::new());
}

#[test]
fn names_and_reasons_come_in_each_language() {
    use jungle::engine::{Animal, IllegalMove, Side};
    let water = IllegalMove::Water {
        animal: Animal::Lion,
        square: "B4".parse().unwrap(),
    };
    assert_eq!(
        jungle::lang::illegal_move(Lang::En, water),
        "B4 is water: only the rat can swim, not the lion."
    );
    assert_eq!(
        jungle::lang::illegal_move(Lang::ZhCn, water),
        "B4 是河，只有鼠能下河，狮不行。"
    );
    assert_eq!(jungle::lang::side_name(Lang::ZhCn, Side::Jade), "绿方");
    assert_eq!(jungle::lang::side_name(Lang::ZhTw, Side::Crimson), "紅方");
    // Plurals are the catalogue's: English says "1 animal" but "3 animals".
    let one = Lang::En.tr(
        "alt-animals-left",
        &[
            ("side", "Jade".into()),
            ("count", 1.into()),
            ("animals", "rat A1".into()),
        ],
    );
    assert_eq!(one, "Jade has 1 animal: rat A1.");
}

/// Runs one console session (a fresh database) over `script`.
fn console(script: &str) -> String {
    crate::console::Channel::new().run(script)
}

fn has(out: &str, needle: &str) {
    assert!(out.contains(needle), "expected {needle:?} in:\n{out}");
}

#[test]
fn console_transcripts_in_each_language() {
    let script = |code: &str| {
        format!(
            "alice: !jungle lang {code}\n\
             alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G5\n\
             alice: G7 G6\n\
             bob: !jungle 认输\n\
             alice: !jungle lang\n"
        )
    };
    let en = console(&script("en"));
    has(&en, "From now on I speak English here.");
    has(
        &en,
        "alice challenges you to a game of Jungle (alice plays Jade and moves first; 1 day per move).",
    );
    has(
        &en,
        "The rat on G7 cannot reach G5: it moves one square up, down, left or right.",
    );
    has(&en, "alice played G7 G6. Your move (Crimson).");
    has(&en, "bob resigned. alice wins game #1 as Jade.");
    has(&en, "I speak English here.");

    let cn = console(&script("zh-CN"));
    has(&cn, "好的，从现在起我在这里使用简体中文。");
    has(&cn, "alice 邀你下一盘斗兽棋（对方执绿方先走，每步 1 天）。");
    has(
        &cn,
        "请在 15 分钟内答复：接受请输入 `!jungle accept`，拒绝请输入 `!jungle decline`。",
    );
    has(&cn, "G7 的鼠到不了 G5：每次只能上下左右走一格。");
    has(&cn, "alice 走了 G7 G6。该你（红方）走了。");
    has(&cn, "bob 认输了。alice（绿方）赢下了对局 #1。");
    has(&cn, "想交换红绿再来一盘，请输入 `!jungle rematch`。");
    has(&cn, "我在这里使用简体中文。");
    // A number is marked once: "对局 #1", never "第 #1 局".
    assert!(!cn.contains("第 #"), "{cn}");

    let tw = console(&script("zh-Hant"));
    has(&tw, "沒問題，之後我在這裡都會使用繁體中文。");
    has(&tw, "G7 的鼠走不到 G5");
    has(
        &tw,
        "要接受請輸入 `!jungle accept`，要婉拒請輸入 `!jungle decline`。",
    );
    has(&tw, "bob 認輸了。alice（綠方）拿下對局 #1。");
    has(&tw, "想再戰一局的話，請輸入 `!jungle rematch`。");
    assert!(!tw.contains("认输了"), "{tw}");
    assert!(!tw.contains("第 #"), "{tw}");
}

/// `jungle play` (easy, as Jade) with `args` on the database in `dir`, given `input`; its
/// standard output.
fn play(dir: &Path, args: &[&str], input: &[u8]) -> String {
    let all: Vec<&str> = ["--level", "easy", "--side", "jade"]
        .into_iter()
        .chain(args.iter().copied())
        .collect();
    crate::common::jungle_play(&dir.join("jungle.db"), &all, input)
}

#[test]
fn jungle_play_greets_in_the_language_asked_for_and_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let cn = play(dir.path(), &["--lang", "zh-CN"], b"\xc3\x28\nquit\n");
    has(
        &cn,
        "斗兽棋：和机器人对弈。直接输入走法，例如 `G7 G6` 或 `虎上`；输入 `help` 查看指令；按 Ctrl-D 退出（棋局会保存）。",
    );
    has(&cn, "开始了：你执绿方，对手是");
    has(&cn, "jungle: 这一行我读不了（不是 UTF-8 文本）。");
    has(&cn, "棋局已保存，再次运行 `jungle play` 就能接着下。");
    // The greeting comes first: choosing the language is not announced on its own.
    assert!(cn.starts_with("斗兽棋："), "{cn}");
    // The next game without --lang speaks it still; --lang zh-TW changes it, and the end of
    // the input is answered in it too.
    let again = play(dir.path(), &[], b"quit\n");
    has(&again, "斗兽棋：和机器人对弈。");
    let tw = play(dir.path(), &["--lang", "zh-Hant"], b"");
    has(&tw, "鬥獸棋：跟機器人對戰。");
    has(&tw, "棋局已經存好了，下次執行 `jungle play` 就能接著下。");
    let en = play(dir.path(), &["--lang", "en"], b"quit\n");
    has(
        &en,
        "Jungle (Dou Shou Qi) against the bot. Type moves like `G7 G6` or `tiger up`;",
    );
    has(&en, "Your game is saved; `jungle play` resumes it.");
}
