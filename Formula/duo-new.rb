# duo-new's Homebrew formula; this repository is its own tap:
#
#   brew tap OWNER/duo-new https://github.com/OWNER/duo-new
#   brew install OWNER/duo-new/duo-new
#
# The @@...@@ words are placeholders. On each release tag, .github/workflows/release.yml writes
# the repository, the tag and the SHA-256 of the tag's source archive in their place
# (scripts/fill-formula.sh) and commits the result here; until the first release they make the
# formula refuse to install rather than fetch anything. docs/maintaining.md, "Releases".
class DuoNew < Formula
  desc "Generates complete iPhone Duo app projects from recipes"
  homepage "https://github.com/@@REPOSITORY@@"
  url "https://github.com/@@REPOSITORY@@/archive/refs/tags/@@TAG@@.tar.gz"
  sha256 "@@SHA256@@"
  head "https://github.com/@@REPOSITORY@@.git", branch: "main"

  # Swift 6.2 or later, which Xcode 26 brings. On Linux, install from source or the release's
  # binary instead (README.md, "Install").
  depends_on xcode: ["26.0", :build]
  depends_on "pkgconf" => :build
  depends_on "libyaml"
  depends_on :macos

  # The recipes are copied into each generated project with their own file modes; Homebrew's
  # cleaner would make every file in the keg read-only (and generated projects with it).
  skip_clean "share/duo-new"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "duo-new"
    bin.install ".build/release/duo-new"
    # The tool finds its recipes beside its real path: <prefix>/share/duo-new/Templates.
    (share/"duo-new").install "Templates"
    # Where the help and the man page point: <prefix>/share/doc/duo-new.
    doc.install Dir["docs/*.md"], Dir["docs/*.schema.json"]
    man1.install "docs/duo-new.1"
    generate_completions_from_executable(bin/"duo-new", "completions", shells: [:bash, :zsh, :fish])
  end

  test do
    assert_match "recipe-camera-studio", shell_output("#{bin}/duo-new list")
    system bin/"duo-new", "recipe-camera-studio", "Sitter", "com.example.sitter", testpath/"Sitter", "--no-test"
    project = testpath/"Sitter"
    assert_path_exists project/".duo-new.json"
    assert_match "com.example.sitter", (project/"Sitter.xcodeproj/project.pbxproj").read
    assert_predicate project/"Tools/run-model-tests.sh", :executable?
    assert_predicate project/"README.md", :writable?
  end
end
