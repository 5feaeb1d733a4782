//! A FlatZinc text parser: [`parse`] turns a `.fzn` file into a
//! [`FlatZinc`] syntax tree, or a [`ParseError`] that says where (line,
//! column) and what was expected.
//!
//! The grammar is the one of the FlatZinc specification (MiniZinc 2.6):
//! predicate declarations, parameter and variable declarations, constraints
//! and one solve item, each ending with `;`. Items are accepted in any order
//! (the specification orders them; MiniZinc always does). Nothing is expanded
//! here: a range `1..1000000000` stays two numbers, so no input makes the
//! parser allocate more than a small multiple of its own size.

use std::fmt;

/// A place in the input: line and column, both from 1 (columns count
/// characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1.
    pub column: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Input that is not FlatZinc: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: expected {expected}, found {found}")]
pub struct ParseError {
    /// Where the unexpected text starts.
    pub pos: Pos,
    /// What the grammar allows there.
    pub expected: String,
    /// What is there instead.
    pub found: String,
}

/// The base type of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaseType {
    /// `bool`.
    Bool,
    /// `int` (with or without a domain).
    Int,
    /// `float` (with or without a domain).
    Float,
    /// `set of int` (with or without a domain).
    SetOfInt,
}

/// A set of integers as written: a range or listed values.
#[derive(Clone, Debug, PartialEq)]
pub enum IntSet {
    /// `lo..hi` (empty when `lo > hi`).
    Range(i64, i64),
    /// `{a, b, ...}` in the order written.
    Values(Vec<i64>),
}

/// A declaration's type: `[array [1..n] of] [var] base [domain]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Type {
    /// `Some((lo, hi))` for an array with index set `lo..hi`.
    pub array: Option<(i64, i64)>,
    /// Whether it declares decision variables.
    pub var: bool,
    /// The base type.
    pub base: BaseType,
    /// The integer domain given in the type (`var 1..9`, `var {1,3}`,
    /// `var set of 1..3`).
    pub domain: Option<IntSet>,
    /// A float domain (`var 0.0..1.0`).
    pub float_domain: Option<(f64, f64)>,
}

/// An expression: an argument, a value, or an annotation.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `true` or `false`.
    Bool(bool),
    /// An integer literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A set literal (`1..5`, `{1, 3}`, `{}`).
    Set(IntSet),
    /// A float range (`0.0..1.0`), only in domains and annotations.
    FloatRange(f64, f64),
    /// A string literal (annotations only).
    Str(String),
    /// A name.
    Ident(String, Pos),
    /// `name[i]`.
    Access(String, i64, Pos),
    /// `[e, ...]`.
    Array(Vec<Expr>),
    /// `name(e, ...)` (annotations only).
    Call(String, Vec<Expr>, Pos),
}

/// A parameter or variable declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    /// Where it starts.
    pub pos: Pos,
    /// Its type.
    pub ty: Type,
    /// Its name.
    pub name: String,
    /// Its annotations (`:: output_var`, ...).
    pub annotations: Vec<Expr>,
    /// The value after `=`.
    pub value: Option<Expr>,
}

/// A constraint item.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// Where it starts.
    pub pos: Pos,
    /// The predicate's name.
    pub name: String,
    /// Where the predicate's name is.
    pub name_pos: Pos,
    /// Its arguments.
    pub args: Vec<Expr>,
    /// Its annotations.
    pub annotations: Vec<Expr>,
}

/// What the solve item asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// Any solution.
    Satisfy,
    /// The least value of the expression.
    Minimize(Expr),
    /// The greatest value of the expression.
    Maximize(Expr),
}

/// The solve item.
#[derive(Clone, Debug, PartialEq)]
pub struct Solve {
    /// Where it starts.
    pub pos: Pos,
    /// Its annotations (search strategies: read but ignored).
    pub annotations: Vec<Expr>,
    /// What to find.
    pub goal: Goal,
}

/// A parsed FlatZinc model.
#[derive(Clone, Debug, PartialEq)]
pub struct FlatZinc {
    /// The names of the predicates declared (the solver's own globals).
    pub predicates: Vec<String>,
    /// Parameter and variable declarations, in order.
    pub decls: Vec<Decl>,
    /// Constraints, in order.
    pub constraints: Vec<Constraint>,
    /// The solve item.
    pub solve: Solve,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Float(f64),
    Str(String),
    /// One of `: ; , ( ) [ ] { } = .. ::`.
    Punct(&'static str),
    Eof,
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Ident(s) => write!(f, "`{s}`"),
            Tok::Int(i) => write!(f, "`{i}`"),
            Tok::Float(x) => write!(f, "`{x}`"),
            Tok::Str(s) => write!(f, "the string {s:?}"),
            Tok::Punct(p) => write!(f, "`{p}`"),
            Tok::Eof => f.write_str("the end of the input"),
        }
    }
}

/// How deeply expressions may nest (annotations can nest arrays and calls).
const MAX_DEPTH: usize = 64;

struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: u32,
    column: u32,
}

impl<'a> Lexer<'a> {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn peek_char2(&self) -> Option<char> {
        let mut chars = self.text[self.at..].chars();
        chars.next();
        chars.next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek_char() {
            if c.is_whitespace() {
                self.bump();
            } else if c == '%' {
                while let Some(c) = self.bump() {
                    if c == '\n' {
                        break;
                    }
                }
            } else if c == '/' && self.peek_char2() == Some('*') {
                self.bump();
                self.bump();
                loop {
                    match self.bump() {
                        None => break,
                        Some('*') if self.peek_char() == Some('/') => {
                            self.bump();
                            break;
                        }
                        Some(_) => {}
                    }
                }
            } else {
                break;
            }
        }
    }

    fn error(pos: Pos, expected: &str, found: String) -> ParseError {
        ParseError {
            pos,
            expected: expected.to_string(),
            found,
        }
    }

    /// The next token and where it starts.
    fn next(&mut self) -> Result<(Tok, Pos), ParseError> {
        self.skip_space();
        let pos = self.pos();
        let Some(c) = self.peek_char() else {
            return Ok((Tok::Eof, pos));
        };
        if c.is_ascii_alphabetic() || c == '_' {
            let start = self.at;
            while matches!(self.peek_char(), Some(c) if c.is_ascii_alphanumeric() || c == '_') {
                self.bump();
            }
            return Ok((Tok::Ident(self.text[start..self.at].to_string()), pos));
        }
        if c.is_ascii_digit()
            || (c == '-' && matches!(self.peek_char2(), Some(d) if d.is_ascii_digit()))
        {
            return self.number(pos);
        }
        if c == '"' {
            self.bump();
            let mut s = String::new();
            loop {
                match self.bump() {
                    None | Some('\n') => {
                        return Err(Self::error(
                            pos,
                            "a closing `\"`",
                            "the end of the line".into(),
                        ))
                    }
                    Some('"') => break,
                    Some('\\') => match self.bump() {
                        Some('n') => s.push('\n'),
                        Some('t') => s.push('\t'),
                        Some(c @ ('"' | '\\')) => s.push(c),
                        Some(c) => {
                            s.push('\\');
                            s.push(c);
                        }
                        None => {}
                    },
                    Some(c) => s.push(c),
                }
            }
            return Ok((Tok::Str(s), pos));
        }
        let rest = &self.text.as_bytes()[self.at..];
        for p in ["..", "::"] {
            if rest.starts_with(p.as_bytes()) {
                self.bump();
                self.bump();
                return Ok((Tok::Punct(p), pos));
            }
        }
        for p in [":", ";", ",", "(", ")", "[", "]", "{", "}", "="] {
            if c.to_string() == p {
                self.bump();
                return Ok((Tok::Punct(p), pos));
            }
        }
        Err(Self::error(
            pos,
            "a FlatZinc token",
            format!("the character {c:?}"),
        ))
    }

    fn number(&mut self, pos: Pos) -> Result<(Tok, Pos), ParseError> {
        let start = self.at;
        if self.peek_char() == Some('-') {
            self.bump();
        }
        let radix_start = self.at;
        if self.peek_char() == Some('0') && matches!(self.peek_char2(), Some('x' | 'o')) {
            self.bump();
            let radix = if self.bump() == Some('x') { 16 } else { 8 };
            let digits_start = self.at;
            while matches!(self.peek_char(), Some(c) if c.is_digit(radix)) {
                self.bump();
            }
            let digits = &self.text[digits_start..self.at];
            let negative = self.text[start..radix_start].starts_with('-');
            let value = i64::from_str_radix(digits, radix).ok().and_then(|v| {
                if negative {
                    v.checked_neg()
                } else {
                    Some(v)
                }
            });
            return match value {
                Some(v) => Ok((Tok::Int(v), pos)),
                None => Err(Self::error(
                    pos,
                    "an integer that fits in 64 bits",
                    format!("`{}`", &self.text[start..self.at]),
                )),
            };
        }
        while matches!(self.peek_char(), Some(c) if c.is_ascii_digit()) {
            self.bump();
        }
        let mut float = false;
        if self.peek_char() == Some('.')
            && matches!(self.peek_char2(), Some(c) if c.is_ascii_digit())
        {
            float = true;
            self.bump();
            while matches!(self.peek_char(), Some(c) if c.is_ascii_digit()) {
                self.bump();
            }
        }
        if matches!(self.peek_char(), Some('e' | 'E')) {
            let mut rest = self.text[self.at + 1..].chars();
            let next = rest.next();
            let after_sign = if matches!(next, Some('+' | '-')) {
                rest.next()
            } else {
                next
            };
            if matches!(after_sign, Some(c) if c.is_ascii_digit()) {
                float = true;
                self.bump();
                if matches!(self.peek_char(), Some('+' | '-')) {
                    self.bump();
                }
                while matches!(self.peek_char(), Some(c) if c.is_ascii_digit()) {
                    self.bump();
                }
            }
        }
        let text = &self.text[start..self.at];
        if float {
            match text.parse::<f64>() {
                Ok(x) => Ok((Tok::Float(x), pos)),
                Err(_) => Err(Self::error(pos, "a number", format!("`{text}`"))),
            }
        } else {
            match text.parse::<i64>() {
                Ok(v) => Ok((Tok::Int(v), pos)),
                Err(_) => Err(Self::error(
                    pos,
                    "an integer that fits in 64 bits",
                    format!("`{text}`"),
                )),
            }
        }
    }
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    tok: Tok,
    pos: Pos,
    depth: usize,
}

/// Parses FlatZinc text.
///
/// ```
/// let fzn = flatzinc::parse::parse(
///     "var 1..3: x :: output_var;\nconstraint int_ne(x, 2);\nsolve satisfy;\n",
/// )?;
/// assert_eq!(fzn.decls[0].name, "x");
/// assert_eq!(fzn.constraints[0].name, "int_ne");
///
/// let err = flatzinc::parse::parse("var 1..3: x\nsolve satisfy;").unwrap_err();
/// assert_eq!((err.pos.line, err.pos.column), (2, 1));
/// assert_eq!(err.to_string(), "line 2, column 1: expected `;`, found `solve`");
/// # Ok::<(), flatzinc::parse::ParseError>(())
/// ```
pub fn parse(text: &str) -> Result<FlatZinc, ParseError> {
    let mut lexer = Lexer {
        text,
        at: 0,
        line: 1,
        column: 1,
    };
    let (tok, pos) = lexer.next()?;
    let mut parser = Parser {
        lexer,
        tok,
        pos,
        depth: 0,
    };
    parser.model()
}

impl Parser<'_> {
    fn advance(&mut self) -> Result<(), ParseError> {
        let (tok, pos) = self.lexer.next()?;
        self.tok = tok;
        self.pos = pos;
        Ok(())
    }

    fn fail<T>(&self, expected: &str) -> Result<T, ParseError> {
        Err(ParseError {
            pos: self.pos,
            expected: expected.to_string(),
            found: self.tok.to_string(),
        })
    }

    fn is(&self, p: &str) -> bool {
        matches!(&self.tok, Tok::Punct(q) if *q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(&self.tok, Tok::Ident(s) if s == w)
    }

    fn expect(&mut self, p: &'static str) -> Result<(), ParseError> {
        if self.is(p) {
            self.advance()
        } else {
            self.fail(&format!("`{p}`"))
        }
    }

    fn expect_word(&mut self, w: &str) -> Result<(), ParseError> {
        if self.is_word(w) {
            self.advance()
        } else {
            self.fail(&format!("`{w}`"))
        }
    }

    fn ident(&mut self, what: &str) -> Result<(String, Pos), ParseError> {
        match &self.tok {
            Tok::Ident(s) => {
                let s = s.clone();
                let pos = self.pos;
                self.advance()?;
                Ok((s, pos))
            }
            _ => self.fail(what),
        }
    }

    fn int(&mut self) -> Result<i64, ParseError> {
        match self.tok {
            Tok::Int(v) => {
                self.advance()?;
                Ok(v)
            }
            _ => self.fail("an integer"),
        }
    }

    fn model(&mut self) -> Result<FlatZinc, ParseError> {
        let mut predicates = Vec::new();
        let mut decls = Vec::new();
        let mut constraints = Vec::new();
        let mut solve = None;
        loop {
            if self.tok == Tok::Eof {
                break;
            }
            if solve.is_some() {
                return self.fail("the end of the input after the solve item");
            }
            let pos = self.pos;
            if self.is_word("predicate") {
                self.advance()?;
                predicates.push(self.predicate()?);
            } else if self.is_word("constraint") {
                self.advance()?;
                constraints.push(self.constraint(pos)?);
            } else if self.is_word("solve") {
                self.advance()?;
                solve = Some(self.solve(pos)?);
            } else if matches!(self.tok, Tok::Ident(_)) {
                decls.push(self.decl(pos)?);
            } else {
                return self.fail("a declaration, `constraint`, `predicate` or `solve`");
            }
            self.expect(";")?;
        }
        let Some(solve) = solve else {
            return self.fail("a solve item (`solve satisfy;`, `solve minimize x;`, ...)");
        };
        Ok(FlatZinc {
            predicates,
            decls,
            constraints,
            solve,
        })
    }

    /// `predicate name(params)`: only the name is kept.
    fn predicate(&mut self) -> Result<String, ParseError> {
        let (name, _) = self.ident("a predicate name")?;
        self.expect("(")?;
        let mut depth = 1usize;
        while depth > 0 {
            match &self.tok {
                Tok::Eof => return self.fail("`)`"),
                Tok::Punct("(") => depth += 1,
                Tok::Punct(")") => depth -= 1,
                Tok::Punct(";") => return self.fail("`)`"),
                _ => {}
            }
            self.advance()?;
        }
        Ok(name)
    }

    fn decl(&mut self, pos: Pos) -> Result<Decl, ParseError> {
        let ty = self.ty()?;
        self.expect(":")?;
        let (name, _) = self.ident("a name")?;
        let annotations = self.annotations()?;
        let value = if self.is("=") {
            self.advance()?;
            Some(self.expr()?)
        } else {
            None
        };
        Ok(Decl {
            pos,
            ty,
            name,
            annotations,
            value,
        })
    }

    fn ty(&mut self) -> Result<Type, ParseError> {
        let mut array = None;
        if self.is_word("array") {
            self.advance()?;
            self.expect("[")?;
            let lo = self.int()?;
            self.expect("..")?;
            let hi = self.int()?;
            self.expect("]")?;
            self.expect_word("of")?;
            array = Some((lo, hi));
        }
        let var = if self.is_word("var") {
            self.advance()?;
            true
        } else {
            false
        };
        let mut ty = Type {
            array,
            var,
            base: BaseType::Int,
            domain: None,
            float_domain: None,
        };
        if self.is_word("bool") {
            ty.base = BaseType::Bool;
            self.advance()?;
        } else if self.is_word("int") {
            self.advance()?;
        } else if self.is_word("float") {
            ty.base = BaseType::Float;
            self.advance()?;
        } else if self.is_word("set") {
            self.advance()?;
            self.expect_word("of")?;
            ty.base = BaseType::SetOfInt;
            if self.is_word("int") {
                self.advance()?;
            } else {
                ty.domain = Some(self.int_set()?);
            }
        } else if matches!(self.tok, Tok::Float(_)) {
            ty.base = BaseType::Float;
            let lo = self.float()?;
            self.expect("..")?;
            let hi = self.float()?;
            ty.float_domain = Some((lo, hi));
        } else if matches!(self.tok, Tok::Int(_)) || self.is("{") {
            ty.domain = Some(self.int_set()?);
        } else {
            return self.fail("a type (`bool`, `int`, `float`, `set of int`, a range or a set)");
        }
        Ok(ty)
    }

    fn float(&mut self) -> Result<f64, ParseError> {
        match self.tok {
            Tok::Float(x) => {
                self.advance()?;
                Ok(x)
            }
            Tok::Int(v) => {
                self.advance()?;
                Ok(v as f64)
            }
            _ => self.fail("a float"),
        }
    }

    /// `lo..hi` or `{a, b, ...}`.
    fn int_set(&mut self) -> Result<IntSet, ParseError> {
        if self.is("{") {
            self.advance()?;
            let mut values = Vec::new();
            if !self.is("}") {
                loop {
                    values.push(self.int()?);
                    if self.is(",") {
                        self.advance()?;
                    } else {
                        break;
                    }
                }
            }
            self.expect("}")?;
            Ok(IntSet::Values(values))
        } else {
            let lo = self.int()?;
            self.expect("..")?;
            let hi = self.int()?;
            Ok(IntSet::Range(lo, hi))
        }
    }

    fn annotations(&mut self) -> Result<Vec<Expr>, ParseError> {
        let mut annotations = Vec::new();
        while self.is("::") {
            self.advance()?;
            annotations.push(self.expr()?);
        }
        Ok(annotations)
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        if self.depth >= MAX_DEPTH {
            return self.fail(&format!("expressions nested at most {MAX_DEPTH} deep"));
        }
        self.depth += 1;
        let e = self.expr_inner();
        self.depth -= 1;
        e
    }

    fn expr_inner(&mut self) -> Result<Expr, ParseError> {
        let pos = self.pos;
        match self.tok.clone() {
            Tok::Int(lo) => {
                self.advance()?;
                if self.is("..") {
                    self.advance()?;
                    if let Tok::Float(_) = self.tok {
                        let hi = self.float()?;
                        return Ok(Expr::FloatRange(lo as f64, hi));
                    }
                    let hi = self.int()?;
                    Ok(Expr::Set(IntSet::Range(lo, hi)))
                } else {
                    Ok(Expr::Int(lo))
                }
            }
            Tok::Float(lo) => {
                self.advance()?;
                if self.is("..") {
                    self.advance()?;
                    let hi = self.float()?;
                    Ok(Expr::FloatRange(lo, hi))
                } else {
                    Ok(Expr::Float(lo))
                }
            }
            Tok::Str(s) => {
                self.advance()?;
                Ok(Expr::Str(s))
            }
            Tok::Punct("{") => Ok(Expr::Set(self.int_set()?)),
            Tok::Punct("[") => {
                self.advance()?;
                let mut items = Vec::new();
                if !self.is("]") {
                    loop {
                        items.push(self.expr()?);
                        if self.is(",") {
                            self.advance()?;
                            // MiniZinc accepts a trailing comma.
                            if self.is("]") {
                                break;
                            }
                        } else {
                            break;
                        }
                    }
                }
                self.expect("]")?;
                Ok(Expr::Array(items))
            }
            Tok::Ident(name) => {
                self.advance()?;
                match name.as_str() {
                    "true" => return Ok(Expr::Bool(true)),
                    "false" => return Ok(Expr::Bool(false)),
                    _ => {}
                }
                if self.is("[") {
                    self.advance()?;
                    let i = self.int()?;
                    self.expect("]")?;
                    Ok(Expr::Access(name, i, pos))
                } else if self.is("(") {
                    self.advance()?;
                    let args = self.args()?;
                    Ok(Expr::Call(name, args, pos))
                } else {
                    Ok(Expr::Ident(name, pos))
                }
            }
            _ => self.fail("an expression"),
        }
    }

    /// Arguments after `(`, up to and including `)`.
    fn args(&mut self) -> Result<Vec<Expr>, ParseError> {
        let mut args = Vec::new();
        if !self.is(")") {
            loop {
                args.push(self.expr()?);
                if self.is(",") {
                    self.advance()?;
                } else {
                    break;
                }
            }
        }
        self.expect(")")?;
        Ok(args)
    }

    fn constraint(&mut self, pos: Pos) -> Result<Constraint, ParseError> {
        let (name, name_pos) = self.ident("a predicate name")?;
        self.expect("(")?;
        let args = self.args()?;
        let annotations = self.annotations()?;
        Ok(Constraint {
            pos,
            name,
            name_pos,
            args,
            annotations,
        })
    }

    fn solve(&mut self, pos: Pos) -> Result<Solve, ParseError> {
        let annotations = self.annotations()?;
        let goal = if self.is_word("satisfy") {
            self.advance()?;
            Goal::Satisfy
        } else if self.is_word("minimize") {
            self.advance()?;
            Goal::Minimize(self.expr()?)
        } else if self.is_word("maximize") {
            self.advance()?;
            Goal::Maximize(self.expr()?)
        } else {
            return self.fail("`satisfy`, `minimize` or `maximize`");
        };
        Ok(Solve {
            pos,
            annotations,
            goal,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_model() {
        let text = "predicate my_pred(array [int] of var int: x, int: y);\n\
            array [1..2] of int: c = [1, -2];\n\
            var 1..9: x :: output_var;\n\
            var {1, 3, 5}: y;\n\
            var bool: b :: output_var = true;\n\
            array [1..2] of var int: xs :: output_array([1..2]) = [x, y];\n\
            constraint int_lin_le(c, xs, 7) :: domain;\n\
            solve :: int_search(xs, input_order, indomain_min, complete) minimize x;\n";
        let fzn = parse(text).unwrap();
        assert_eq!(fzn.predicates, vec!["my_pred".to_string()]);
        assert_eq!(fzn.decls.len(), 5);
        assert_eq!(fzn.decls[1].ty.domain, Some(IntSet::Range(1, 9)));
        assert_eq!(fzn.decls[2].ty.domain, Some(IntSet::Values(vec![1, 3, 5])));
        assert_eq!(fzn.decls[3].value, Some(Expr::Bool(true)));
        assert_eq!(fzn.decls[4].ty.array, Some((1, 2)));
        assert_eq!(
            fzn.constraints[0].args[0],
            Expr::Ident(
                "c".into(),
                Pos {
                    line: 7,
                    column: 23
                }
            )
        );
        assert_eq!(fzn.constraints[0].args[2], Expr::Int(7));
        assert!(matches!(fzn.solve.goal, Goal::Minimize(Expr::Ident(ref n, _)) if n == "x"));
        assert_eq!(fzn.solve.annotations.len(), 1);
    }

    #[test]
    fn numbers_ranges_floats_and_comments() {
        let fzn = parse(
            "% a comment\nvar -3..0x10: x; /* block */ float: f = 1.5e2;\n\
             array [1..3] of int: a = [0o17, -4, 2];\nvar 0.0..1.0: g;\nsolve satisfy;",
        )
        .unwrap();
        assert_eq!(fzn.decls[0].ty.domain, Some(IntSet::Range(-3, 16)));
        assert_eq!(fzn.decls[1].value, Some(Expr::Float(150.0)));
        assert_eq!(
            fzn.decls[2].value,
            Some(Expr::Array(vec![
                Expr::Int(15),
                Expr::Int(-4),
                Expr::Int(2)
            ]))
        );
        assert_eq!(fzn.decls[3].ty.float_domain, Some((0.0, 1.0)));
    }

    fn error_at(text: &str) -> (u32, u32, String) {
        let e = parse(text).unwrap_err();
        (e.pos.line, e.pos.column, e.to_string())
    }

    #[test]
    fn errors_say_where_and_what() {
        let (l, c, m) = error_at("var 1..3: x;\nconstraint int_le(x 3);\nsolve satisfy;");
        assert_eq!((l, c), (2, 21), "{m}");
        assert!(m.contains("expected `)`, found `3`"), "{m}");
        let (l, c, m) = error_at("var 1..3: x;\n");
        assert_eq!((l, c), (2, 1));
        assert!(m.contains("a solve item"), "{m}");
        let (l, c, m) = error_at("var 1..99999999999999999999: x;");
        assert_eq!((l, c), (1, 8));
        assert!(m.contains("64 bits"), "{m}");
        let (_, _, m) = error_at("var 1..3: x; solve satisfy; var 1..2: y;");
        assert!(m.contains("after the solve item"), "{m}");
        // A character of several bytes (found by the fuzzer: a panic).
        let (l, c, m) = error_at("\u{3}\u{3b5}\n");
        assert_eq!((l, c), (1, 1), "{m}");
        let (l, c, m) = error_at("var 1..3: x;\n  \u{3b5}");
        assert_eq!((l, c), (2, 3), "{m}");
        assert!(m.contains("'ε'"), "{m}");
        let (l, c, m) = error_at("var 1..3: x $;");
        assert_eq!((l, c), (1, 13));
        assert!(m.contains("'$'"), "{m}");
        let deep = format!("var 1..3: x :: {}1{};", "[".repeat(100), "]".repeat(100));
        let (_, _, m) = error_at(&deep);
        assert!(m.contains("nested at most"), "{m}");
        let (_, _, m) = error_at("var 1..3: x :: output(\"abc);");
        assert!(m.contains("closing"), "{m}");
    }
}
