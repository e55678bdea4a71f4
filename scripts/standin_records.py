"""The declarations of the Apple stand-ins (Tests/AppleStandIns/*/*.swiftinterface), where each was
checked against the real iOS SDK, and the optional delegate requirements they model.

Used by scripts/apple-symbols.py (--stand-ins, --near-misses). Every declaration a recipe uses must
carry a record of where it was compared, on a comment line of its own in the comment block above
it, in one of these forms:

  // checked: sdk 27.0 System/Library/Frameworks/AVFoundation.framework/Headers/AVPlayer.h
  // checked: page avkit/avcapturedevicedirectionmap (iOS 27.1, not in the 27.0 SDK text)
  // checked: page corevideo/cvreturn (not in the SDK archives: CVReturn.h is missing from their index)
  // checked: page swiftui/view/font(_:) (the SDK text is too large to search here: compared on its page before SwiftUI's interface was read whole)

(`sdk 26.0` and `sdk 26.4` name the other public archives; a path may also be an interface under
usr/lib/swift, or a C header under usr/include, such as Dispatch's). The page form is for what no public SDK archive holds: API new in iOS 27.1, and
text the archives lack (XCTest, which ships in the platform folder rather than the SDK folder,
and the few headers missing from the archives' index), with the reason after "not in the SDK
archives:", and text an archive holds but that the look-ups here cannot search by declaration (they search a file's first
hundred thousand characters): SwiftUI's declarations
compared on their pages before SwiftUI's interface (two million) was read whole, a page at a time, in
issue 28's last round; what that reading compared carries `sdk 27.0` records. The reason comes after "the SDK text is too large to search here:". A member without a record of its own shares the record of the type or extension
it is declared in: that says it was compared in the same file.

An Objective-C `optional` protocol requirement is marked `// optional` on its own line in the
comment block above the requirement; scripts/apple-symbols.py --near-misses then refuses a
recipe method that nearly matches one (Xcode warns about such a method: it is not the delegate
method, so it is never called).
"""

import re
from pathlib import Path

RECORD = re.compile(
    r"//\s*checked:\s*(?:"
    r"sdk (?P<sdk>27\.0|26\.0|26\.4) (?P<path>(?:System/Library/Frameworks/(?:\w+\.framework/)+"
    r"(?:Headers/[\w+-]+\.h|Modules/\w+\.swiftmodule/arm64e-apple-ios\.swiftinterface))"
    r"|usr/lib/swift/\w+\.swiftmodule/arm64e-apple-ios\.swiftinterface|usr/include/(?:\w+/)*[\w+-]+\.h)"
    r"|page (?P<page>\S+) \((?:(?P<new>iOS 27\.1, not in the 27\.0 SDK text)"
    r"|(?P<absent>not in the SDK archives: [^()]+)"
    r"|(?P<large>the SDK text is too large to search here: [^()]+))\))\s*$")
OPTIONAL_MARK = re.compile(r"//\s*optional\b")

MODIFIERS = re.compile(
    r"^(?:(?:@[\w.]+(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?|public|open|final|nonisolated(?:\((?:nonsending|unsafe)\))?|"
    r"static|class(?=\s+(?:func|var)\b)|override|convenience|required|mutating|nonmutating|weak|"
    r"indirect|dynamic|optional|prefix|postfix|infix)\s+)*")
HEAD = re.compile(r"^(func|var|let|case|class|struct|enum|protocol|typealias|associatedtype|actor|extension|init[?!]?|subscript)\b\s*([A-Za-z_`][\w`.]*)?")
TYPE_KINDS = {"class", "struct", "enum", "protocol", "actor", "extension"}


class Declaration:
    """One declaration of a stand-in: where it is, what it is, the comment block above it."""

    def __init__(self, module, where, line, kind, name, owner, code, comments):
        self.module, self.where, self.line = module, where, line
        self.kind, self.name, self.owner, self.code = kind, name, owner, code
        self.comments = comments
        self.own_record = next((c for c in comments if c.lstrip().startswith("// checked:")), None)
        self.record = self.own_record
        self.optional = any(OPTIONAL_MARK.match(c.strip()) for c in comments)
        self.parent = None

    @property
    def qualified(self):
        """Module:Owner.name(labels:), the key the not-compared list uses."""
        owner = f"{self.owner}." if self.owner else ""
        return f"{self.module}:{owner}{self.name}{self.labels_suffix()}"

    def labels(self):
        if self.kind not in ("func", "init", "subscript"):
            return None
        start = re.search(r"\b(?:func\s+[\w`]+|init[?!]?|subscript)\s*", self.code)
        head = re.sub(r"^<[^()]*?>(?=\s*\()", "", self.code[start.end():] if start else self.code)
        parameters = parameter_list(head)
        return None if parameters is None else argument_labels(parameters)

    def labels_suffix(self):
        labels = self.labels()
        return "" if labels is None else "(" + "".join(f"{label}:" for label in labels) + ")"


def split_top_level(text, separator=","):
    """Pieces of text split at separators outside brackets."""
    pieces, depth, current = [], 0, []
    for char in text:
        if char in "([<{":
            depth += 1
        elif char in ")]}" or (char == ">" and not current_ends_with(current, "-")):
            depth -= 1
        if char == separator and depth == 0:
            pieces.append("".join(current))
            current = []
        else:
            current.append(char)
    if "".join(current).strip():
        pieces.append("".join(current))
    return pieces


def current_ends_with(current, text):
    return bool(current) and current[-1] == text


def parameter_list(code):
    """The text inside a declaration's first parenthesised parameter list."""
    start = code.find("(")
    if start < 0:
        return None
    depth = 0
    for index in range(start, len(code)):
        depth += {"(": 1, ")": -1}.get(code[index], 0)
        if depth == 0:
            return code[start + 1:index]
    return code[start + 1:]


def argument_labels(parameters):
    labels = []
    for parameter in split_top_level(parameters):
        head = re.sub(r"@[\w.]+(?:\([^()]*\))?\s*", "", parameter.split(":", 1)[0]).strip()
        if not head:
            continue
        labels.append(head.split()[0])
    return labels


def declarations(root):
    """Every declaration in the stand-in modules under root, with its comment block and record."""
    found = []
    for path in sorted(Path(root).glob("*/*.swiftinterface")):
        module = path.parent.name
        where = path.relative_to(Path(root).parent).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        stack = []  # (depth at which the scope's body starts, owner name, declaration)
        depth = 0
        for number, raw in enumerate(lines, 1):
            code = raw.split("//", 1)[0].rstrip()
            stripped = code.strip()
            while stack and depth < stack[-1][0]:
                stack.pop()
            made = []
            if stripped and not re.fullmatch(r"@[\w.]+(?:\(.*\))?", stripped) and not re.match(r"(?:@_exported\s+)?import\b", stripped):
                rest = MODIFIERS.sub("", stripped)
                head = HEAD.match(rest)
                if head:
                    kind = re.sub(r"[?!]$", "", head.group(1))
                    name = kind if kind in ("init", "subscript") else (head.group(2) or kind).strip("`")
                    owner = stack[-1][1] if stack else ""
                    comments = comment_block(lines, number - 1)
                    names = [c.strip() for c in rest[4:].split(",")] if kind == "case" and "(" not in rest else [name]
                    for each in names:
                        made.append(Declaration(module, where, number, kind, each, owner, stripped, comments))
            for item in made:
                item.parent = stack[-1][2] if stack else None
            found.extend(made)
            opened = code.count("{") - code.count("}")
            if len(made) == 1 and made[0].kind in TYPE_KINDS and opened > 0:
                item = made[0]
                if item.kind == "extension":
                    owner = re.sub(r"^\w+\.", "", item.name)
                else:
                    owner = f"{stack[-1][1]}.{item.name}" if stack else item.name
                stack.append((depth + 1, owner, item))
            depth += opened
    for item in found:
        ancestor = item.parent
        while item.record is None and ancestor is not None:
            item.record = ancestor.own_record
            ancestor = ancestor.parent
    return found


def comment_block(lines, index):
    """The `//` lines directly above lines[index], skipping attribute-only lines."""
    block, above = [], index - 1
    while above >= 0 and re.fullmatch(r"\s*@[\w.]+(?:\(.*\))?\s*", lines[above]):
        above -= 1
    while above >= 0 and lines[above].strip().startswith("//"):
        block.insert(0, lines[above])
        above -= 1
    return block


def record_kind(record):
    """'sdk', 'new' (an iOS 27.1 page), 'absent' (a page for text the archives lack) or 'large' (a page
    for text the archives hold in an interface too large to search here)."""
    match = RECORD.match(record.strip())
    if match is None:
        return None
    if match.group("sdk"):
        return "sdk"
    return "new" if match.group("new") else "absent" if match.group("absent") else "large"


def malformed_records(found):
    """Records that don't follow either form."""
    return [f"{d.where}:{d.line}: {d.own_record.strip()}" for d in found
            if d.own_record is not None and not RECORD.match(d.own_record.strip())]


# ---- Near misses of optional delegate requirements ---------------------------------------------

QUALIFIER = re.compile(r"\b(?:Swift|Foundation|AVFoundation|AVKit|UIKit|SwiftUI|CoreMedia|CoreVideo|QuartzCore|AppleFoundation|CoreTransferable|Dispatch)\.")


def normalized_parameters(parameters):
    """(label, type) pairs of a parameter list, with module qualifiers and spacing removed."""
    result = []
    for parameter in split_top_level(parameters):
        if ":" not in parameter:
            continue
        head, kind = parameter.split(":", 1)
        label = head.strip().split()[0]
        kind = re.sub(r"\s+", " ", QUALIFIER.sub("", kind.split("=", 1)[0])).strip()
        result.append((label, re.sub(r"\s*([(),:<>\[\]?!]|->)\s*", r"\1", kind)))
    return tuple(result)


def full_name(name, parameters):
    return name + "(" + "".join(f"{label}:" for label, _ in parameters) + ")"


def edit_distance(a, b):
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def optional_requirements(found):
    """protocol name -> [(method name, normalized parameters, declaration)] for requirements marked optional."""
    requirements = {}
    for item in found:
        if item.kind == "func" and item.optional and item.parent is not None and item.parent.kind == "protocol":
            match = re.search(r"func\s+\w+\s*\((.*)\)", item.code)
            parameters = normalized_parameters(match.group(1)) if match else ()
            requirements.setdefault(item.parent.name, []).append((item.name, parameters, item))
    return requirements


CONFORMER = re.compile(r"\b(?:class|struct|enum|actor|extension)\s+(\w+)[^{]*?:\s*([^{]*)\{")
METHOD = re.compile(r"\bfunc\s+(\w+)\s*(?:<[^>]*>)?\s*\(")


def matching_paren(text, start):
    depth = 0
    for index in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            return index
    return len(text)


def matching_brace(text, start):
    depth = 0
    for index in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return index
    return len(text)


def near_misses(source, requirements):
    """(offset, message) for each method of a type conforming to a protocol with optional
    requirements whose name nearly matches one of them but which is not that requirement."""
    problems = []
    code = blank_comments_and_strings(source)
    for conformer in CONFORMER.finditer(code):
        protocols = {p.strip().split(".")[-1] for p in re.sub(r"\bwhere\b.*", "", conformer.group(2)).split(",")}
        wanted = [r for p in protocols & set(requirements) for r in [(p, *req) for req in requirements[p]]]
        if not wanted:
            continue
        body_start = conformer.end() - 1
        body_end = matching_brace(code, body_start)
        body = code[body_start + 1:body_end]
        depth_at = nesting_depths(body)
        for method in METHOD.finditer(body):
            if depth_at[method.start()] != 0:
                continue
            open_paren = method.end() - 1
            close_paren = matching_paren(body, open_paren)
            parameters = normalized_parameters(body[open_paren + 1:close_paren])
            name = method.group(1)
            if any(name == req_name and parameters == req_parameters for _, req_name, req_parameters, _ in wanted):
                continue
            mine = full_name(name, parameters)
            candidates = []
            for protocol, req_name, req_parameters, declaration in wanted:
                theirs = full_name(req_name, req_parameters)
                distance = edit_distance(mine, theirs)
                if mine == theirs or distance <= max(2, len(theirs) // 12):
                    candidates.append((distance, protocol, req_name, theirs, declaration))
            if not candidates:
                continue
            distance, protocol, req_name, theirs, declaration = min(candidates, key=lambda c: c[0])
            why = ("its parameter types differ" if mine == theirs else
                   "its argument labels differ" if name == req_name else "its name is misspelt")
            problems.append((body_start + 1 + method.start(),
                             f"instance method '{mine}' nearly matches optional requirement '{theirs}' "
                             f"of protocol '{protocol}' ({why}), so the delegate never calls it; "
                             f"declare it as the requirement is: {QUALIFIER.sub('', declaration.code)}"))
    return problems


def req_signature(name, parameters):
    return f"func {name}(" + ", ".join(f"{label}: {kind}" for label, kind in parameters) + ")"


def nesting_depths(text):
    depths, depth = [], 0
    for char in text:
        depths.append(depth)
        depth += {"{": 1, "}": -1}.get(char, 0)
    return depths


def blank_comments_and_strings(source):
    """The source with comments and string literals replaced by spaces, offsets kept."""
    out, i, n = list(source), 0, len(source)
    while i < n:
        if source.startswith("//", i):
            while i < n and source[i] != "\n":
                out[i] = " "
                i += 1
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            for j in range(i, end):
                out[j] = " " if source[j] != "\n" else "\n"
            i = end
        elif source[i] == '"':
            j = i + 1
            while j < n and source[j] != '"' and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            for k in range(i, min(j + 1, n)):
                out[k] = " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


def line_and_column(source, offset):
    line = source.count("\n", 0, offset) + 1
    column = offset - (source.rfind("\n", 0, offset) + 1) + 1
    return line, column


# Declarations that differed from the SDK's text and were fixed, with the difference:
# Module:Owner.name(labels:) -> what the stand-in said before.
FIXED = {
    "AppleFoundation:NSKeyValueObservedChange": "was not Sendable; Foundation's overlay makes it Sendable where its Value is",
    "SwiftUI:LocalizedStringKey.init(stringInterpolation:)": "took Swift's DefaultStringInterpolation, which interpolates any value silently; SwiftUICore's takes LocalizedStringKey.StringInterpolation, whose overloads take strings, the _FormatSpecifiable numbers, Text, AttributedString, formatters and format styles, and any other value only through a deprecated, disfavoured overload (a warning in Xcode, an error with warnings as errors)",
    "UIKit:UIResponder": "was not Sendable; a main-actor class imported from Objective-C (NS_SWIFT_UI_ACTOR) is, and so are UIView, UIWindow and UIApplication",
    "AppleFoundation:DispatchSerialQueue.init(label:qos:attributes:autoreleaseFrequency:target:)": "lacked attributes:, and its autoreleaseFrequency defaulted to .inherit; the overlay's is a convenience init defaulting to .workItem",
    "AVFoundation:AVCaptureOutput": "offered init(); the header makes it unavailable (AV_INIT_UNAVAILABLE)",
    "AVFoundation:AVCaptureFileOutput": "offered init(); it inherits AVCaptureOutput's unavailable one",
    "AVFoundation:AVPartialAsyncProperty": "was an NSObject subclass; the overlay's is a Swift class",
    "AVFoundation:AVAsyncProperty": "was an NSObject subclass; the overlay's is a Swift class",
    "AVFoundation:AVAsynchronousKeyValueLoading.load(_:isolation:)": "returned sending T; the overlay returns T",
    "AVFoundation:AVAsynchronousKeyValueLoading.load(_:_:_:isolation:)": "took exactly three properties and returned sending; the overlay's form is variadic (A, B, each C)",
    "AVFoundation:AVAsset": "was Sendable; the header does not make AVAsset Sendable",
    "AVFoundation:AVAssetTrack": "was Sendable; the header does not make AVAssetTrack Sendable",
    "AVFoundation:AVURLAsset.init(url:options:)": "gave options a default; the header's initialiser has none (init(url:) is the overlay's)",
    "AVFoundation:AVURLAsset.init(url:)": "missing: the overlay's convenience initialiser",
    "AVFoundation:AVAssetImageGenerator.image(at:)": "was nonisolated(nonsending); the overlay's is a plain async method",
    "AVFoundation:AVAudioSession": "was not Sendable; the header makes it NS_SWIFT_SENDABLE",
    "AVFoundation:AVPlayer": "was a plain class; the header makes it NS_SWIFT_UI_ACTOR, so it is also Sendable",
    "AVFoundation:AVPlayer.init()": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.init(url:)": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.play()": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.pause()": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.rate": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.currentItem": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.replaceCurrentItem(with:)": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.currentTime()": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.actionAtItemEnd": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.addPeriodicTimeObserver(forInterval:queue:using:)": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayer.seek(to:toleranceBefore:toleranceAfter:)": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayerItem": "was a plain class; the header makes it NS_SWIFT_UI_ACTOR, so it is also Sendable",
    "AVFoundation:AVPlayerItem.init(url:)": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayerItem.status": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayerItem.duration": "isolation: nonisolated in the header",
    "AVFoundation:AVPlayerItem.didPlayToEndTimeNotification": "isolation: a C constant, not the class's actor",
    "AVKit:AVCaptureDeviceDirectionCoordinator": "was @MainActor; Apple's page shows a plain class",
    "AVKit:AVCaptureDeviceDescriptor": "was final; an Objective-C class is open",
    "AVKit:AVCaptureDeviceDirectionMap": "was final; an Objective-C class is open",
    "AVKit:VideoPlayer": "was not Sendable; _AVKit_SwiftUI makes it Sendable",
    "AVKit:VideoPlayer.init(player:)": "was nonisolated; _AVKit_SwiftUI's is @MainActor @preconcurrency",
    "AVKit:AVPictureInPictureControllerDelegate.pictureInPictureController(_:restoreUserInterfaceForPictureInPictureStopWithCompletionHandler:)":
        "its completion handler lacked @Sendable",
    "SwiftUI:CameraCaptureAccessory": "was @MainActor; Apple's page shows a nonisolated struct",
    "SwiftUI:ReservedRegion.Kind.division": "was a static let; Apple's page shows a static var { get }",
    "SwiftUI:ReservedRegion.QueryOptions.includeInactive": "was a static let; Apple's page shows a static var { get }",
    "XCTest:XCTSkip": "was only an Error; Apple's page adds CustomNSError",
    "SwiftUI:View.accessibilityIdentifier(_:)": "returned some View; Apple's page returns ModifiedContent<Self, AccessibilityAttachmentModifier>",
    "SwiftUI:VStack": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:ZStack": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:Button": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:HStack": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:RoundedRectangle.init(cornerRadius:style:)": "was init(cornerRadius:), without the style: parameter that defaults to .continuous",
    "SwiftUI:Capsule.init(style:)": "was init(), without the style: parameter that defaults to .continuous",
    "SwiftUI:Slider": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:ScrollView": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:Toggle": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:Label": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:Spacer": "was a main-actor struct; Apple's page shows a struct with no actor (the stand-in's View conformance is now in an extension)",
    "SwiftUI:NavigationStack": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:NavigationStack.init(root:)": "constrained Data == Never; Apple's constrains Data == NavigationPath (NavigationPath added)",
    "SwiftUI:WindowGroup": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:Section": "was a main-actor struct; Apple's page shows a struct with no actor",
    "SwiftUI:Shape": "was a protocol that inherits View's main actor; Apple's page shows a nonisolated protocol (it also refines Animatable, which the stand-in leaves out)",
    "SwiftUI:Menu": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:LazyVGrid": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:ContentUnavailableView": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:NavigationSplitView": "was a main-actor struct; Apple's page shows a nonisolated struct",
    "SwiftUI:TimelineView": "was a main-actor struct; Apple's page shows a struct with no actor",
    "SwiftUI:ForEach": "was a main-actor struct; Apple's page shows a struct with no actor",
    "SwiftUI:Image.resizable(capInsets:resizingMode:)": "was resizable() with no parameters; Apple's takes capInsets: and resizingMode: with defaults (Image.ResizingMode added)",
    "SwiftUI:PlainButtonStyle": "took main-actor isolation from its conformance; Apple's page shows a nonisolated struct",
    "SwiftUI:TupleView": "was a main-actor struct (inferred from View); SwiftUICore's is a nonisolated struct with a nonisolated init(_:)",
    "SwiftUI:AnyView": "was a main-actor struct (inferred from View); SwiftUICore's is a nonisolated struct with a nonisolated init(_:)",
    "SwiftUI:EmptyView": "was a main-actor struct (inferred from View); SwiftUICore's is a nonisolated struct with a nonisolated init()",
    "SwiftUI:_ViewModifier_Content": "was a main-actor struct (inferred from View); SwiftUICore's is a nonisolated struct",
    "SwiftUI:LinearGradient": "was a main-actor struct (inferred from View); SwiftUICore's is a nonisolated struct with a nonisolated init(colors:startPoint:endPoint:)",
    "SwiftUI:ViewBuilder.buildIf(_:)": "required View content; SwiftUICore's takes content of any type",
    "SwiftUI:ViewBuilder.buildEither(first:)": "required View content (and _ConditionalContent required it); SwiftUICore's takes content of any type",
    "SwiftUI:ViewBuilder.buildEither(second:)": "required View content (and _ConditionalContent required it); SwiftUICore's takes content of any type",
    "SwiftUI:State.init()": "was init<Wrapped>() where Value == Wrapped?; SwiftUICore's is init() in an extension where Value : ExpressibleByNilLiteral",
    "SwiftUI:EnvironmentValues.openURL": "was nonisolated; SwiftUICore's is @MainActor @preconcurrency",
    "SwiftUI:View.modifier(_:)": "returned some View and required a ViewModifier; SwiftUICore's returns ModifiedContent<Self, T> for any T",
    "SwiftUI:View.background(_:alignment:)": "lacked @_disfavoredOverload and the to-be-deprecated mark (in favour of background(alignment:content:))",
    "SwiftUI:View.onGeometryChange(for:of:action:)": "lacked @preconcurrency",
    "SwiftUI:View.glassEffect(_:in:)": "gave the shape no default; SwiftUICore's defaults it to DefaultGlassEffectShape() (added)",
    "SwiftUI:LayoutDirectionBehavior": "had a case mirrors; SwiftUICore's has case mirrors(in: LayoutDirection) and a static var mirrors (LayoutDirection added)",
    "SwiftUI:LocalizedStringKey": "was Sendable; SwiftUICore's is explicitly not (~Sendable)",
    "SwiftUI:LayoutSubviews": "was not Sendable; SwiftUICore's is",
    "SwiftUI:Layout": "refined only Animatable and had makeCache(subviews:) only as an extension; SwiftUICore's is a @preconcurrency Sendable protocol with makeCache(subviews:) a requirement (defaulted when Cache is Void)",
    "SwiftUI:Layout.callAsFunction(_:)": "was @MainActor; SwiftUICore's is a plain @_disfavoredOverload method, as Layout is not main-actor isolated",
    "SwiftUI:AnyLayout": "had Cache = Void and was not declared Sendable; SwiftUICore's is Sendable with a Cache struct of its own (makeCache(subviews:) added)",
    "SwiftUI:InsettableShape.strokeBorder(_:lineWidth:antialiased:)": "lacked @_disfavoredOverload",
    "SwiftUI:RoundedCornerStyle": "was @frozen; SwiftUICore's is not",
    "SwiftUI:Shape.body": "was some View; SwiftUICore's is a _ShapeView<Self, ForegroundStyle> (both added)",
    "SwiftUI:Shape.fill(_:style:)": "gave the content no default and returned some View; SwiftUICore's (iOS 17) defaults it to .foreground and returns _ShapeView<Self, S>",
    "SwiftUI:Shape.stroke(_:lineWidth:)": "lacked @_disfavoredOverload (SwiftUICore's favoured overload is iOS 17's stroke(_:lineWidth:antialiased:))",
    "UIKit:UIApplication.openSettingsURLString": "was isolated to UIApplication's main actor; the header marks it NS_SWIFT_NONISOLATED",
    "SwiftUI:TintShapeStyle": "was @frozen with no initialiser; SwiftUICore's is not frozen and has a public init()",
    "SwiftUI:View.tint(_:)": "lacked @_disfavoredOverload (this Color? overload is iOS 15's; iOS 16's takes any ShapeStyle)",
    "SwiftUI:LinearGradient.Body": "was Never with a body of its own; SwiftUICore's is _ShapeView<Rectangle, LinearGradient>, its body coming from ShapeStyle",
    "SwiftUI:ForEach.Body": "was declared for every ForEach; SwiftUICore's only where Content is a View",
    "SwiftUI:ForEach.init(_:id:content:)": "was nonisolated and only where Content is a View; SwiftUICore's is a plain initialiser for any content",
    "SwiftUI:ForEach.init(_:content:)": "was nonisolated and only where Content is a View; SwiftUICore's is a plain initialiser for any content",
    "SwiftUI:WindowGroup.init(makeContent:)": "was init(content:), which SwiftUI's interface deprecates from iOS 18, renamed init(makeContent:) (an escaping closure)",
    "SwiftUI:DismissAction": "was not Sendable; SwiftUI's interface makes it Sendable in an extension",
    "SwiftUI:AccessibilityAttachmentModifier": "was a @frozen struct with no isolation; SwiftUI's interface declares a nonisolated struct, not frozen",
    "SwiftUI:View.accessibilityLabel(_:)": "returned some View and was not disfavoured; SwiftUI's interface's string form returns ModifiedContent<Self, AccessibilityAttachmentModifier> and is @_disfavoredOverload",
    "SwiftUI:View.accessibilityValue(_:)": "returned some View and was not disfavoured; SwiftUI's interface's string form returns ModifiedContent<Self, AccessibilityAttachmentModifier> and is @_disfavoredOverload",
    "SwiftUI:View.accessibilityHidden(_:)": "returned some View; SwiftUI's interface's returns ModifiedContent<Self, AccessibilityAttachmentModifier>",
    "SwiftUI:View.task(name:priority:file:line:_:)": "was task(priority:_:), which SwiftUI's interface keeps only as an internal @usableFromInline entry point; the public form adds name:, file: and line:",
    "SwiftUI:View.task(id:name:priority:file:line:_:)": "was task(id:priority:_:), which SwiftUI's interface keeps only as an internal @usableFromInline entry point; the public form adds name:, file: and line:",
    "SwiftUI:View.alert(_:isPresented:actions:message:)": "was not disfavoured; SwiftUI's interface's string form is @_disfavoredOverload beside the LocalizedStringKey one",
    "SwiftUI:View.navigationTitle(_:)": "was not disfavoured; SwiftUI's interface's string form is @_disfavoredOverload beside the LocalizedStringKey one",
    "SwiftUI:View.toolbar(content:)": "took a @ToolbarContentBuilder closure; SwiftUI's interface's takes a @ContentBuilder one (ViewBuilder, which builds toolbar content too; ToolbarContentBuilder's tuple type is internal there)",
    "SwiftUI:AccessibilityChildBehavior": "was Sendable; SwiftUI's interface's is not",
    "SwiftUI:Label.init(_:systemImage:)": "was not disfavoured; SwiftUI's interface's string form is @_disfavoredOverload beside the LocalizedStringKey one",
    "SwiftUI:Button.init(_:action:)": "was not disfavoured; SwiftUI's interface's string form is @_disfavoredOverload beside the LocalizedStringKey one",
    "SwiftUI:Button.init(_:role:action:)": "was not disfavoured; SwiftUI's interface's string form is @_disfavoredOverload beside the LocalizedStringKey one",
    "SwiftUI:BorderedProminentButtonStyle": "had no isolation; SwiftUI's interface declares a nonisolated struct with a nonisolated init()",
    "SwiftUI:PrimitiveButtonStyle.borderedProminent": "was @MainActor @preconcurrency; SwiftUI's interface's is nonisolated",
    "SwiftUI:ContentUnavailableView.init(_:systemImage:description:)": "was not disfavoured; SwiftUI's interface's string form is @_disfavoredOverload beside the LocalizedStringKey one",
    "SwiftUI:ToolbarItemPlacement": "was Sendable; SwiftUI's interface's is not",
    "SwiftUI:ToolbarItem": "was a main-actor struct; SwiftUI's interface declares a nonisolated struct",
    "SwiftUI:TimelineViewDefaultContext": "was the context of a PeriodicTimelineSchedule timeline; SwiftUI's interface's is TimelineView<EveryMinuteTimelineSchedule, Never>.Context",
    "SwiftUI:ReservedRegion.id": "was a String; Apple's iOS 27.1 page shows a ReservedRegion.ID",
    "SwiftUI:SceneAccessoryContent": "was @MainActor @preconcurrency with a plain body requirement; SwiftUI's interface's is @MainActor only, its body @ContentBuilder @MainActor",
    "SwiftUI:UIViewRepresentableContext": "was not Sendable; SwiftUI's interface makes it Sendable in an extension",
    "SwiftUI:EnvironmentValues.scenePhase": "was get-only; SwiftUI's interface's is { get set }",
    "SwiftUI:List": "was a main-actor struct; SwiftUI's interface declares a nonisolated struct",
    "SwiftUI:Section.init(_:content:)": "was a nonisolated initialiser of Section's View conformance and not disfavoured; SwiftUI's interface's is a plain @_disfavoredOverload one, in an extension where Parent is Text and Footer EmptyView",
    "CoreMedia:CMTime.zero": "was a static var { get }; Apple's page shows a static let (kCMTimeZero)",
    "AppleFoundation:NSKeyValueObservation": "was a final class (Apple's page shows a class, not final); then was not Sendable and inherited NSObject's init(): Foundation's overlay declares it with no public initialiser (@_hasMissingDesignatedInitializers) and makes it @unchecked Sendable from iOS 16",
    "AppleFoundation:_KeyValueCodingAndObserving.observe(_:options:changeHandler:)": "was not @preconcurrency and its change handler not @Sendable; Apple's page shows both",
    "SwiftUI:Toggle.init(_:isOn:)": "was not disfavoured; SwiftUI's interface's string form is @_disfavoredOverload beside the LocalizedStringKey one",
    "AppleFoundation:DispatchSerialQueue": "was final; queue.h declares an Objective-C class (DISPATCH_DECL_SERIAL_EXECUTOR_SWIFT), which is not final (its DispatchQueue superclass stays out: Linux's DispatchQueue is not open)",
    "SwiftUI:ShareLink": "required only Data to be a RandomAccessCollection; SwiftUI's interface also requires PreviewImage, PreviewIcon and Data.Element to be CoreTransferable's Transferable (a CoreTransferable stand-in added)",
    "SwiftUI:LazyVGrid.init(columns:alignment:spacing:pinnedViews:content:)": "was init(columns:alignment:spacing:content:), without the pinnedViews: parameter that defaults to an empty PinnedScrollableViews (added)",
    "SwiftUI:HStackLayout": "had Cache = Void, with sizeThatFits and placeSubviews taking `inout ()`; SwiftUICore's Cache is a _StackLayoutCache (added) and its interface shows neither method",
    "SwiftUI:VStackLayout": "had Cache = Void, with sizeThatFits and placeSubviews taking `inout ()`; SwiftUICore's Cache is a _StackLayoutCache (added) and its interface shows neither method",
}
