//! The message catalogues (`assets/locales/*/jungle.ftl`) against each other, against the code
//! and against the bundled font; and the bot speaking each language at the console.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use ab_glyph::{Font, FontRef};
use fluent_syntax::ast;
use jungle::lang::{Arg, Lang};

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
fn the_board_font_draws_every_character_of_the_catalogues() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fonts/NotoSansCJKsc-Bold-Jungle.otf"
    ))
    .unwrap();
    let font = FontRef::try_from_slice(&bytes).unwrap();
    for lang in Lang::ALL {
        let lacking: BTreeSet<char> = lang
            .source()
            .chars()
            .filter(|c| !c.is_control())
            .filter(|&c| font.glyph_id(c).0 == 0)
            .collect();
        assert!(
            lacking.is_empty(),
            "{lang}: the font lacks {lacking:?}; run fonts/make-subset.sh"
        );
    }
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
        "B4 是河：只有鼠会游泳，狮不会。"
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
        "alice challenges you to a game of Jungle (alice plays Jade and moves first).",
    );
    has(
        &en,
        "The rat on G7 cannot reach G5: it moves one square up, down, left or right.",
    );
    has(&en, "alice played G7 G6. Your move (Crimson).");
    has(&en, "bob resigned. alice wins game #1 as Jade.");
    has(&en, "I speak English here.");

    let cn = console(&script("zh-CN"));
    has(&cn, "从现在起，我在这里说简体中文。");
    has(&cn, "alice 向你发起一局斗兽棋（alice 执绿方先走）。");
    has(&cn, "G7 上的鼠走不到 G5：它只能向上、下、左、右走一格。");
    has(&cn, "alice 走了 G7 G6。轮到你了（红方）。");
    has(&cn, "bob 认输了。alice 执绿方赢得第 #1 局。");
    has(&cn, "我在这里说简体中文。");

    let tw = console(&script("zh-Hant"));
    has(&tw, "從現在起，我在這裡說繁體中文。");
    has(&tw, "G7 上的鼠走不到 G5");
    has(&tw, "bob 認輸了。alice 執綠方贏得第 #1 局。");
    assert!(!tw.contains("认输了"), "{tw}");
}

/// `jungle play` with `args` on the database in `dir`, given `input`; its standard output.
fn play(dir: &Path, args: &[&str], input: &[u8]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(["play", "--level", "easy", "--side", "jade"])
        .args(args)
        .arg("--db")
        .arg(dir.join("jungle.db"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn jungle_play_greets_in_the_language_asked_for_and_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let cn = play(dir.path(), &["--lang", "zh-CN"], b"\xc3\x28\nquit\n");
    has(
        &cn,
        "斗兽棋：和机器人对局。输入走法，比如 `G7 G6`；`help` 列出命令；按 Ctrl-D 离开（对局会保存）。",
    );
    has(&cn, "开始：你执绿方，对手是");
    has(&cn, "jungle: 我读不懂这一行（它不是 UTF-8 文本）。");
    has(&cn, "你的对局已保存；再运行 `jungle play` 就能接着下。");
    // The greeting comes first: choosing the language is not announced on its own.
    assert!(cn.starts_with("斗兽棋："), "{cn}");
    // The next game without --lang speaks it still; --lang zh-TW changes it, and the end of
    // the input is answered in it too.
    let again = play(dir.path(), &[], b"quit\n");
    has(&again, "斗兽棋：和机器人对局。");
    let tw = play(dir.path(), &["--lang", "zh-Hant"], b"");
    has(&tw, "鬥獸棋：和機器人對局。");
    has(&tw, "你的對局已儲存；再執行 `jungle play` 就能接著下。");
    let en = play(dir.path(), &["--lang", "en"], b"quit\n");
    has(
        &en,
        "Jungle (Dou Shou Qi) against the bot. Type moves like `G7 G6`;",
    );
    has(&en, "Your game is saved; `jungle play` resumes it.");
}
