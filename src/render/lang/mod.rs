//! The languages the bot speaks (English, Simplified and Traditional Chinese) and their message
//! catalogues: Project Fluent files in `assets/locales/`, embedded in the binary and parsed once.
//! Code names a message by its id and hands in typed arguments (`tr!`); the sentence, its
//! word order and its plurals are the catalogue's.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

mod names;

pub use names::{
    animal_name, duration_name, illegal_move, language_name, level_name, outcome_text, piece_char,
    piece_name, side_name, tile_label, time_control_name, time_left,
};

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    /// Simplified Chinese (mainland China, Singapore).
    ZhCn,
    /// Traditional Chinese (Taiwan, Hong Kong, Macau).
    ZhTw,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhCn, Lang::ZhTw];

    /// The code `lang` takes and shows: `en`, `zh-CN`, `zh-TW`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
        }
    }

    /// The catalogue's text (the `.ftl` file).
    pub const fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../assets/locales/en/jungle.ftl"),
            Lang::ZhCn => include_str!("../../../assets/locales/zh-CN/jungle.ftl"),
            Lang::ZhTw => include_str!("../../../assets/locales/zh-TW/jungle.ftl"),
        }
    }

    /// A language from a code or a platform's locale: `en`, `en-US`, `zh-CN`, `zh_TW`,
    /// `zh-Hans`, `zh-Hant-HK`, `zh` (Simplified), any case. `None` for other languages.
    pub fn from_locale(code: &str) -> Option<Lang> {
        let lower = code.trim().replace('_', "-").to_ascii_lowercase();
        let mut parts = lower.split('-');
        match parts.next()? {
            "en" | "english" => Some(Lang::En),
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                let traditional = rest
                    .iter()
                    .any(|p| matches!(*p, "hant" | "tw" | "hk" | "mo"));
                // A script outranks a region: zh-Hans-HK is Simplified. Plain `zh` too.
                Some(if traditional && !rest.contains(&"hans") {
                    Lang::ZhTw
                } else {
                    Lang::ZhCn
                })
            }
            "中文" | "简体" | "简体中文" => Some(Lang::ZhCn),
            "繁體" | "繁體中文" | "繁体" => Some(Lang::ZhTw),
            _ => None,
        }
    }

    /// The first of these locales the bot speaks.
    pub fn first_of<'a>(locales: impl IntoIterator<Item = Option<&'a str>>) -> Option<Lang> {
        locales.into_iter().flatten().find_map(Lang::from_locale)
    }

    /// The message `id` with `args`; a message the catalogue lacks comes back as its id (and
    /// is logged: `tests/lang.rs` keeps the catalogues and the code in step).
    pub fn tr(self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        match self.try_tr(id, args) {
            Ok(text) => text,
            Err(errors) => {
                tracing::error!(lang = self.code(), id, ?errors, "a message did not format");
                id.to_string()
            }
        }
    }

    /// The message `id` with `args`, or what went wrong (a missing message, a missing
    /// argument, a reference to nothing).
    pub fn try_tr(self, id: &str, args: &[(&str, Arg<'_>)]) -> Result<String, Vec<String>> {
        let bundle = &BUNDLES[self as usize];
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return Err(vec![format!("no message {id}")]);
        };
        let mut fargs = FluentArgs::new();
        for (name, value) in args {
            let v: FluentValue<'_> = match value {
                Arg::Text(s) => FluentValue::from(s.as_ref()),
                // Fluent's numbers are f64: one past 2^53 (a game id, say) would come back
                // rounded, so it goes in as its digits (plural forms need no such number).
                Arg::Number(n) if n.unsigned_abs() > 1 << 53 => FluentValue::from(n.to_string()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            fargs.set(*name, v);
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(errors.iter().map(ToString::to_string).collect())
        }
    }

    /// Every message id of this language's catalogue.
    pub fn ids(self) -> Vec<&'static str> {
        RESOURCES[self as usize]
            .entries()
            .filter_map(|e| match e {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name),
                _ => None,
            })
            .collect()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = ();
    fn from_str(s: &str) -> Result<Lang, ()> {
        Lang::from_locale(s).ok_or(())
    }
}

/// One argument of a message: text (a name, a square, a command) or a number (which selects
/// plural forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(s.as_str()))
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}

impl From<i64> for Arg<'_> {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}

macro_rules! number_arg {
    (lossless: $($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(i64::from(n))
            }
        }
    )*};
    (wide: $($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(lossless: i16, i32, u8, u16, u32);
number_arg!(wide: u64, usize);

/// The message `id` in `lang`, each `name = value` turned into an [`Arg`]:
/// `tr!(lang, id-literal, name = value, ...)`.
#[macro_export]
#[doc(hidden)]
macro_rules! __tr {
    ($lang:expr, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::lang::Lang::tr(
            $lang,
            $id,
            &[$((stringify!($name), $crate::lang::Arg::from($value))),*],
        )
    };
}
pub use crate::__tr as tr;

fn langid(lang: Lang) -> LanguageIdentifier {
    lang.code()
        .parse()
        .expect("the three codes are valid language identifiers")
}

static RESOURCES: LazyLock<Vec<FluentResource>> = LazyLock::new(|| {
    Lang::ALL
        .into_iter()
        .map(|l| FluentResource::try_new(l.source().to_string()).unwrap_or_else(|(res, _)| res))
        .collect()
});

static BUNDLES: LazyLock<Vec<FluentBundle<&'static FluentResource>>> = LazyLock::new(|| {
    Lang::ALL
        .into_iter()
        .zip(RESOURCES.iter())
        .map(|(lang, res)| {
            let mut bundle = FluentBundle::new_concurrent(vec![langid(lang)]);
            // Chat is plain text: no invisible isolation marks around placeables.
            bundle.set_use_isolating(false);
            // A duplicate id is reported by tests/lang.rs; the first one stays.
            let _ = bundle.add_resource(res);
            bundle
        })
        .collect()
});

/// The catalogue's syntax errors, for the tests (the bundles skip what they cannot read).
pub fn syntax_errors(lang: Lang) -> Vec<String> {
    match FluentResource::try_new(lang.source().to_string()) {
        Ok(_) => Vec::new(),
        Err((_, errors)) => errors.iter().map(|e| format!("{e:?}")).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_past_2_pow_53_keep_every_digit() {
        let id = 9_007_199_254_740_993_i64;
        assert_eq!(
            tr!(Lang::En, "no-such-game", game = id),
            "There is no game #9007199254740993."
        );
    }

    #[test]
    fn locales_map_to_languages() {
        for (code, lang) in [
            ("en", Some(Lang::En)),
            ("en-US", Some(Lang::En)),
            ("EN_gb", Some(Lang::En)),
            ("zh", Some(Lang::ZhCn)),
            ("zh-CN", Some(Lang::ZhCn)),
            ("zh-Hans", Some(Lang::ZhCn)),
            ("zh-Hans-HK", Some(Lang::ZhCn)),
            ("zh-TW", Some(Lang::ZhTw)),
            ("zh_hk", Some(Lang::ZhTw)),
            ("zh-Hant", Some(Lang::ZhTw)),
            ("de", None),
            ("", None),
        ] {
            assert_eq!(Lang::from_locale(code), lang, "{code}");
        }
        for lang in Lang::ALL {
            assert_eq!(Lang::from_locale(lang.code()), Some(lang));
        }
        assert_eq!(
            Lang::first_of([None, Some("fr"), Some("zh-TW")]),
            Some(Lang::ZhTw)
        );
    }
}
