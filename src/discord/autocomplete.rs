//! Autocompletion for `/jungle move` (from, to) and `/jungle moves` (square), from the
//! sender's legal moves as the chat layer lists them; `from` offers steps too (`虎上`).

use serenity::all::CommandData;

use super::commands::subcommand;

/// Which autocompleted option is being typed, and the text so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completing {
    /// `move from`: squares with a legal move.
    From(String),
    /// `move to`: where the piece on `from` can go.
    To { from: String, typed: String },
    /// `moves square`.
    Square(String),
}

/// The option an autocomplete interaction asks about.
pub fn completing(data: &CommandData) -> Option<Completing> {
    let focused = data.autocomplete()?;
    let (sub, opts) = subcommand(data)?;
    let typed = focused.value.trim().to_string();
    match (sub, focused.name) {
        ("move", "from") => Some(Completing::From(typed)),
        ("move", "to") => {
            let from = opts.text("from").unwrap_or_default();
            Some(Completing::To { from, typed })
        }
        ("moves", "square") => Some(Completing::Square(typed)),
        _ => None,
    }
}

/// Autocomplete choices (name, value) from the sender's legal moves (`G7 G6` texts), and for
/// `from` the steps whose words were begun (`(虎上, G9 G8)`), after the squares.
pub fn choices(
    what: &Completing,
    legal: &[String],
    steps: &[(String, String)],
) -> Vec<(String, String)> {
    let split = |m: &String| {
        m.split_once(' ')
            .map(|(a, b)| (a.to_string(), b.to_string()))
    };
    let mut out: Vec<(String, String)> = Vec::new();
    match what {
        Completing::From(_) | Completing::Square(_) => {
            for (from, to) in legal.iter().filter_map(split) {
                match out.iter_mut().find(|(_, v)| *v == from) {
                    Some((name, _)) => {
                        name.push_str(", ");
                        name.push_str(&to);
                    }
                    None => out.push((format!("{from} → {to}"), from)),
                }
            }
        }
        Completing::To { from: wanted, .. } => {
            // A step in `from` is the whole move.
            if chat::parse_step(wanted).is_some() {
                return Vec::new();
            }
            for (from, to) in legal.iter().filter_map(split) {
                if from.eq_ignore_ascii_case(wanted.trim()) {
                    out.push((format!("{from} → {to}"), to));
                }
            }
        }
    }
    if let Completing::From(_) = what {
        for (step, mv) in steps {
            let arrow = mv.replacen(' ', " → ", 1);
            out.push((format!("{step} ({arrow})"), step.clone()));
        }
    }
    out.truncate(25);
    out
}

/// What the step suggestions are asked with: the text of `from` so far.
pub fn step_prefix(what: &Completing) -> Option<&str> {
    match what {
        Completing::From(t) => Some(t),
        _ => None,
    }
}

/// The prefix to ask the chat layer's move suggestions with.
pub fn suggestion_prefix(what: &Completing) -> String {
    match what {
        Completing::From(t) | Completing::Square(t) => t.clone(),
        Completing::To { from, typed } => format!("{from}{typed}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::tests::interaction;

    #[test]
    fn autocomplete_payloads() {
        let i = interaction(
            4,
            serde_json::json!({
                "id": "1200000000000000001", "name": "jungle", "type": 1,
                "options": [{"name": "move", "type": 1, "options": [
                    {"name": "from", "type": 3, "value": "G7"},
                    {"name": "to", "type": 3, "value": "g", "focused": true}
                ]}]
            }),
        );
        let what = completing(&i.data).unwrap();
        assert_eq!(
            what,
            Completing::To {
                from: "G7".into(),
                typed: "g".into()
            }
        );
        assert_eq!(suggestion_prefix(&what), "G7g");
        let legal = vec!["G7 F7".to_string(), "G7 G6".to_string()];
        assert_eq!(
            choices(&what, &legal, &[]),
            vec![
                ("G7 → F7".to_string(), "F7".to_string()),
                ("G7 → G6".to_string(), "G6".to_string())
            ]
        );
        let nothing_yet = Completing::To {
            from: String::new(),
            typed: String::new(),
        };
        assert!(
            choices(&nothing_yet, &legal, &[]).is_empty(),
            "`to` needs `from` first"
        );
        let from = Completing::From(String::new());
        let legal = vec![
            "A7 A6".to_string(),
            "A7 B7".to_string(),
            "G7 G6".to_string(),
        ];
        assert_eq!(
            choices(&from, &legal, &[]),
            vec![
                ("A7 → A6, B7".to_string(), "A7".to_string()),
                ("G7 → G6".to_string(), "G7".to_string())
            ]
        );
        // Steps follow the squares, each naming its move; a step in `from` leaves `to` empty.
        let steps = vec![("虎上".to_string(), "G9 G8".to_string())];
        assert_eq!(
            choices(&from, &legal, &steps)[2],
            ("虎上 (G9 → G8)".to_string(), "虎上".to_string())
        );
        let after_step = Completing::To {
            from: "tiger up".into(),
            typed: String::new(),
        };
        assert!(choices(&after_step, &legal, &steps).is_empty());
        let i = interaction(
            4,
            serde_json::json!({
                "id": "1200000000000000001", "name": "jungle", "type": 1,
                "options": [{"name": "moves", "type": 1, "options": [
                    {"name": "square", "type": 3, "value": "", "focused": true}
                ]}]
            }),
        );
        assert_eq!(completing(&i.data), Some(Completing::Square(String::new())));
    }
}
