// `TOOL SUB ARGS` parsed by the named leaf alone when nothing above it has arguments of its own: the same command
// and values as the whole tree's parse, and nil (the tree decides) for help, errors and option-bearing ancestors.
import ArgumentParser
import Testing
@testable import BNCCommandSupport

private struct Root: BNCRootCommand {
    static let configuration = CommandConfiguration(commandName: "root", subcommands: [Leaf.self, Middle.self, Owned.self],
                                                    defaultSubcommand: Leaf.self)
}

private struct Leaf: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "leaf", aliases: ["l"])
    @Option var count = 1
    @Flag var loud = false
    @Argument var name: String?
}

private struct Middle: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "middle", subcommands: [Leaf.self])
}

/// A command with an option of its own above a leaf: the tree's parse (and its refusal of the option beside
/// the subcommand) decides.
private struct Owned: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "owned", subcommands: [Leaf.self])
    @Option var region: String?
}

@Suite struct NamedLeafTests {
    @Test func aNamedLeafIsParsedAloneWithTheTreesValues() throws {
        for args in [["leaf", "x", "--count", "3", "--loud"], ["l", "--loud", "x", "--count", "3"], ["middle", "leaf", "x", "--loud", "--count=3"]] {
            let leaf = try #require(Root.parseNamedLeaf(args) as? Leaf, "\(args)")
            let tree = try #require(Root.parseAsRoot(args) as? Leaf, "\(args)")
            #expect(leaf.count == 3 && leaf.loud && leaf.name == "x", "\(args)")
            #expect((tree.count, tree.loud, tree.name) == (leaf.count, leaf.loud, leaf.name), "\(args)")
        }
    }

    @Test(arguments: [
        ["leaf", "--help"], ["leaf", "-h"], ["middle", "leaf", "--help"],  // help names the whole path: the tree's
        ["leaf", "--bogus"], ["leaf", "--count", "many"], ["leaf", "a", "b"],  // errors: the tree's message
        ["x", "--count", "2"],  // the default subcommand: no name given
        ["middle"], ["help", "leaf"], [],  // not a leaf, or ArgumentParser's own help command
        ["owned", "leaf", "x"],  // an ancestor with options of its own
        ["leaf", "--generate-completion-script", "bash"],
    ])
    func everythingElseTakesTheTreesParse(_ args: [String]) {
        #expect(Root.parseNamedLeaf(args) == nil, "\(args)")
    }
}
