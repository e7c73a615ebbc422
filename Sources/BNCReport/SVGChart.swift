// Charts as inline SVG, written element by element through libxml2's writer (no script, no network): horizontal
// bars with their values (each bar a link to its examples when it has one), or grouped columns over time.
import BNCCore

enum SVGChart {
    static let palette = ["#38598b", "#b00020", "#2e6b30", "#8a5a00"]

    static func write(_ chart: ReportChart, to out: XMLStreamWriter) throws(BNCError) {
        switch chart.kind {
        case .bars: try bars(chart, out)
        case .timeline: try timeline(chart, out)
        }
    }

    private static func svg(_ out: XMLStreamWriter, width: Int, height: Int, label: String) throws(BNCError) {
        try out.start("svg")
        for (k, v) in [("xmlns", "http://www.w3.org/2000/svg"), ("width", "\(width)"), ("height", "\(height)"),
                       ("viewBox", "0 0 \(width) \(height)"), ("role", "img"), ("aria-label", label)] {
            try out.attribute(k, v)
        }
    }

    private static func text(_ out: XMLStreamWriter, _ s: String, x: Int, y: Int, anchor: String = "start", size: Int = 12) throws(BNCError) {
        try out.element("text", [("x", "\(x)"), ("y", "\(y)"), ("font-size", "\(size)"), ("text-anchor", anchor), ("fill", "#1d1d1f")], text: s)
    }

    /// One row per label: its name, a bar as long as its share of the largest, its value.
    private static func bars(_ chart: ReportChart, _ out: XMLStreamWriter) throws(BNCError) {
        let values = chart.series.first?.values ?? []
        let largest = max(1, values.max() ?? 1)
        let rowHeight = 20, labelWidth = 240, barWidth = 420
        let height = max(1, chart.labels.count) * rowHeight + 8
        try svg(out, width: labelWidth + barWidth + 80, height: height, label: chart.title)
        for (i, label) in chart.labels.enumerated() {
            let y = i * rowHeight + 4
            let value = i < values.count ? values[i] : 0
            let link = i < chart.links.count ? chart.links[i] : nil
            if let link { try out.start("a"); try out.attribute("href", link) }
            try text(out, String(label.prefix(36)), x: 0, y: y + 13)
            try out.element("rect", [("x", "\(labelWidth)"), ("y", "\(y + 2)"), ("height", "\(rowHeight - 6)"),
                                     ("width", "\(max(1, value * barWidth / largest))"), ("fill", palette[0])])
            if link != nil { try out.end() }
            try text(out, String(value), x: labelWidth + max(1, value * barWidth / largest) + 6, y: y + 13)
        }
        try out.end()
    }

    /// Columns per label (a time bucket), one per series side by side, a legend, the first and last labels.
    private static func timeline(_ chart: ReportChart, _ out: XMLStreamWriter) throws(BNCError) {
        let n = max(1, chart.labels.count), k = max(1, chart.series.count)
        let plotHeight = 160, top = 24, width = 720
        let slot = max(2, (width - 40) / n), column = max(1, (slot - 2) / k)
        let largest = max(1, chart.series.flatMap(\.values).max() ?? 1)
        try svg(out, width: width, height: top + plotHeight + 36, label: chart.title)
        for (s, series) in chart.series.enumerated() {
            try out.element("rect", [("x", "\(40 + s * 140)"), ("y", "4"), ("width", "12"), ("height", "12"), ("fill", palette[s % palette.count])])
            try text(out, series.name, x: 56 + s * 140, y: 14)
        }
        try text(out, String(largest), x: 34, y: top + 10, anchor: "end", size: 10)
        try text(out, "0", x: 34, y: top + plotHeight, anchor: "end", size: 10)
        try out.element("line", [("x1", "40"), ("y1", "\(top + plotHeight)"), ("x2", "\(width)"), ("y2", "\(top + plotHeight)"), ("stroke", "#d0d0d5")])
        for i in 0..<chart.labels.count {
            for (s, series) in chart.series.enumerated() {
                let v = i < series.values.count ? series.values[i] : 0
                let h = v * plotHeight / largest
                try out.element("rect", [("x", "\(40 + i * slot + s * column)"), ("y", "\(top + plotHeight - h)"), ("width", "\(column)"),
                                         ("height", "\(h)"), ("fill", palette[s % palette.count])])
            }
        }
        if let first = chart.labels.first { try text(out, first, x: 40, y: top + plotHeight + 16, size: 10) }
        if chart.labels.count > 1, let last = chart.labels.last { try text(out, last, x: width, y: top + plotHeight + 16, anchor: "end", size: 10) }
        try out.end()
    }
}
